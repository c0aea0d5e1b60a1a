export function PublicPage() {
  return (
    <main id="home" className="flex min-h-screen flex-col items-center justify-center gap-4 bg-ink-950 px-6 text-center">
      <h1 className="font-display text-4xl font-black text-gold-400">ClanOps Royale</h1>
      <p className="text-slate-300">The clan site is being built.</p>
    </main>
  );
}
