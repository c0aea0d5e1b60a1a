import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'wouter';
import { memberPageTitle } from '#contracts/player-name';
import { siteContent } from '#contracts/site-content';
import { Alert } from '#web/ui/alert';
import { ApiError, errorText } from '#web/lib/api-error';
import { memberPageQuery } from '../api/member-page-query';
import { FamilyMoves } from './family-moves';
import { MemberHeader } from './member-header';
import { MemberPageSkeleton } from './member-page-skeleton';
import { MemberStats } from './member-stats';
import { MemberTrends } from './member-trends';
import { TitlesAndAbsences } from './titles-and-absences';
import { WarWeeks } from './war-weeks';

const backLink =
  'inline-flex shrink-0 items-center gap-2 rounded-lg px-2 py-2 whitespace-nowrap sm:px-3 text-sm ' +
  'font-semibold text-slate-200 transition-colors hover:bg-white/10 hover:text-white focus-ring-tight';

/** The browser tab says whose page it is (the served HTML already does on a first load). */
function useMemberTitle(name: string | undefined, tag: string | undefined) {
  useEffect(() => {
    if (!name || !tag) return;
    const before = document.title;
    document.title = memberPageTitle(name, tag, siteContent.clanName);
    return () => {
      document.title = before;
    };
  }, [name, tag]);
}

/** The path keeps `%23` encoded ("/members/%232PQ8L0C"); the tag is asked for as the link meant it. */
function decodeTag(pathTag: string): string {
  try {
    return decodeURIComponent(pathTag);
  } catch {
    return pathTag;
  }
}

/**
 * /members/{tag} (docs/product.md §2): one player's war history from the stored data. Its own chunk, so the
 * public page's JavaScript does not grow. A tag never seen (or not a tag at all) shows `notFound`.
 */
export default function MemberPage({ tag: pathTag, notFound }: { tag: string; notFound: ReactNode }) {
  const tag = decodeTag(pathTag);
  const query = useQuery(memberPageQuery(tag));
  useMemberTitle(query.data?.name, query.data?.tag);
  const top = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Arriving from the clan page's member list: start at the top, for the eye and for the Tab key (the next Tab
    // reaches "Skip to content", not whatever followed the link that was clicked).
    window.scrollTo({ top: 0, behavior: 'instant' });
    top.current?.focus({ preventScroll: true });
  }, [tag]);

  if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) return notFound;
  return (
    <div ref={top} tabIndex={-1} className="outline-none">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-gold-400 px-4 py-2 font-bold text-ink-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header className="border-b border-white/10 bg-ink-950/95">
        <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link
            href="/"
            className="min-w-0 truncate rounded-lg font-display text-base font-black text-white focus-ring-tight sm:text-lg"
          >
            {siteContent.clanName}
          </Link>
          {/* on a phone the bar has room for "Back" beside the clan name; the link's name stays whole */}
          <Link href="/" className={backLink} aria-label="Back to the clan page">
            <ArrowLeft aria-hidden="true" className="size-4" />
            <span className="sm:hidden">Back</span>
            <span className="hidden sm:inline">Back to the clan page</span>
          </Link>
        </nav>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto max-w-6xl space-y-4 px-4 py-8 outline-none sm:space-y-6 sm:px-6 sm:py-12"
      >
        {query.isPending ? (
          <MemberPageSkeleton />
        ) : query.isError ? (
          <Alert tone="error" title={errorText(query.error, 'Failed to load this member’s page.')}>
            <p>Please try again in a few minutes.</p>
          </Alert>
        ) : (
          <>
            <MemberHeader member={query.data} />
            <MemberStats member={query.data} />
            <FamilyMoves member={query.data} />
            <WarWeeks weeks={query.data.weeks} showClans={(query.data.moves ?? []).length > 0} />
            <MemberTrends trends={query.data.trends} />
            <TitlesAndAbsences member={query.data} />
          </>
        )}
        <p className="pt-2 text-center">
          <Link href="/" className={backLink}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to the clan page
          </Link>
        </p>
      </main>
    </div>
  );
}
