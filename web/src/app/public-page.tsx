import { startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { usePageFacts } from '#web/lib/page-facts';
import { SectionBoundary } from '../components/ui/section-boundary';
import { MonthlyChampions } from '../features/champions/components/monthly-champions';
import { MembersSection } from '../features/members/components/members-section';
import { CommunitySection } from '../features/public-site/components/community-section';
import { HeroSection } from '../features/public-site/components/hero-section';
import { SiteFooter } from '../features/public-site/components/site-footer';
import { SiteNav } from '../features/public-site/components/site-nav';
import { StatisticsSection } from '../features/public-site/components/statistics-section';
import { TournamentsSection } from '../features/public-site/components/tournaments-section';

/**
 * A page section behind its own error boundary: one that crashes leaves the others working. Its Suspense boundary
 * makes it a unit of hydration of its own: on a page the server painted, React takes the sections over one task at a
 * time instead of in one long task (docs/decisions/170-pages-painted-on-the-server.md).
 */
function Section({ name, id, children }: { name: string; id?: string; children: ReactNode }) {
  return (
    <SectionBoundary name={name} id={id} className="scroll-mt-16 px-4 py-12 sm:px-6">
      <Suspense fallback={null}>{children}</Suspense>
    </SectionBoundary>
  );
}

/** The sections below the fold, each mounted in its own commit, in this order, after the nav and hero. */
const BELOW_FOLD_SECTIONS = 5;

/**
 * Mounts the sections below the fold one at a time: each in a transition of its own, in a task of its own, so no
 * single commit (and the style and layout work after it) blocks the main thread for long
 * (docs/architecture.md §9: Lighthouse total blocking time). Returns how many are mounted. A page the server painted
 * has them all in its HTML already: the browser hydrates them at once (docs/decisions/170-pages-painted-on-the-server.md).
 */
function useStaggeredSections(count: number): number {
  const { painted } = usePageFacts();
  const [shown, setShown] = useState(painted ? count : 0);
  useEffect(() => {
    if (shown >= count) return;
    const timer = setTimeout(() => startTransition(() => setShown((n) => n + 1)), 0);
    return () => clearTimeout(timer);
  }, [shown, count]);
  return shown;
}

/**
 * docs/product.md §2: the public page, sections in the spec's order. Features are composed here, not in
 * each other. The nav and hero paint in the first commit; the sections below the fold follow one per task.
 */
export function PublicPage() {
  const shown = useStaggeredSections(BELOW_FOLD_SECTIONS);
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-gold-400 px-4 py-2 font-bold text-ink-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Section name="Navigation">
        <SiteNav />
      </Section>
      <main id="main" tabIndex={-1} className="bg-ink-950 outline-none">
        <Section name="Home" id="home">
          <HeroSection />
        </Section>
        {shown > 0 ? (
          <Section name="Clan statistics" id="statistics">
            <StatisticsSection
              champions={
                <SectionBoundary name="Monthly champions">
                  <MonthlyChampions />
                </SectionBoundary>
              }
            />
          </Section>
        ) : null}
        {shown > 1 ? (
          <Section name="Tournaments" id="tournaments">
            <TournamentsSection />
          </Section>
        ) : null}
        {shown > 2 ? (
          <Section name="Clan members" id="members">
            <MembersSection />
          </Section>
        ) : null}
        {shown > 3 ? (
          <Section name="Community invite" id="discord">
            <CommunitySection />
          </Section>
        ) : null}
      </main>
      {shown > 4 ? (
        <Section name="Footer">
          <SiteFooter />
        </Section>
      ) : null}
    </>
  );
}
