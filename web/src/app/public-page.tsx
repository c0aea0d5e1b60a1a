import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { SectionBoundary } from '../components/ui/section-boundary';
import { MonthlyChampions } from '../features/champions/components/monthly-champions';
import { MembersSection } from '../features/members/components/members-section';
import { CommunitySection } from '../features/public-site/components/community-section';
import { HeroSection } from '../features/public-site/components/hero-section';
import { SiteFooter } from '../features/public-site/components/site-footer';
import { SiteNav } from '../features/public-site/components/site-nav';
import { StatisticsSection } from '../features/public-site/components/statistics-section';
import { TournamentsSection } from '../features/public-site/components/tournaments-section';

/** A page section behind its own error boundary: one that crashes leaves the others working. */
function Section({ name, id, children }: { name: string; id?: string; children: ReactNode }) {
  return (
    <SectionBoundary name={name} id={id} className="scroll-mt-16 px-4 py-12 sm:px-6">
      {children}
    </SectionBoundary>
  );
}

/**
 * docs/product.md §2: the public page, sections in the spec's order. Features are composed here, not in
 * each other. The nav and hero paint in the first commit; everything below the fold renders in
 * a transition, which React splits into short tasks (docs/architecture.md §9: Lighthouse total blocking time).
 */
export function PublicPage() {
  const [belowFold, setBelowFold] = useState(false);
  useEffect(() => startTransition(() => setBelowFold(true)), []);
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
        {belowFold ? (
          <>
            <Section name="Clan statistics" id="statistics">
              <StatisticsSection
                champions={
                  <SectionBoundary name="Monthly champions">
                    <MonthlyChampions />
                  </SectionBoundary>
                }
              />
            </Section>
            <Section name="Tournaments" id="tournaments">
              <TournamentsSection />
            </Section>
            <Section name="Clan members" id="members">
              <MembersSection />
            </Section>
            <Section name="Community invite" id="discord">
              <CommunitySection />
            </Section>
          </>
        ) : null}
      </main>
      {belowFold ? (
        <Section name="Footer">
          <SiteFooter />
        </Section>
      ) : null}
    </>
  );
}
