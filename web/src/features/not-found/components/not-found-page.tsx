import { Link } from 'wouter';

export function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-ink-950 px-6 text-center">
      <p className="font-display text-7xl font-black text-gold-400">404</p>
      <h1 className="text-2xl font-bold text-white">Page not found</h1>
      <p className="max-w-md text-slate-300">
        This page is not part of our clan's site. It may have moved, or the link may be mistyped.
      </p>
      <Link
        href="/"
        className="rounded-lg bg-gold-400 px-5 py-2.5 font-semibold text-ink-950 hover:bg-gold-300 focus-ring"
      >
        Back to the clan page
      </Link>
    </main>
  );
}
