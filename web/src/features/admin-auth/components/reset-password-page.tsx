export function ResetPasswordPage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-ink-950 px-6">
      <h1 className="text-2xl font-bold text-white">Reset password</h1>
    </main>
  );
}
