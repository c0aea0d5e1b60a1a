export function ForgotPasswordPage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-ink-950 px-6">
      <h1 className="text-2xl font-bold text-white">Forgot password</h1>
    </main>
  );
}
