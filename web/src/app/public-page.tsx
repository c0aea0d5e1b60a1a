import { startTransition, useEffect, useState } from 'react';
import { MonthlyChampions } from '../features/champions/components/monthly-champions';
import { MembersSection } from '../features/members/components/members-section';
import { CommunitySection } from '../features/public-site/components/community-section';
import { HeroSection } from '../features/public-site/components/hero-section';
import { SiteFooter } from '../features/public-site/components/site-footer';
import { SiteNav } from '../features/public-site/components/site-nav';
import { StatisticsSection } from '../features/public-site/components/statistics-section';
import { TournamentsSection } from '../features/public-site/components/tournaments-section';

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
      <SiteNav />
      <main id="main" tabIndex={-1} className="bg-ink-950 outline-none">
        <HeroSection />
        {belowFold ? (
          <>
            <StatisticsSection champions={<MonthlyChampions />} />
            <TournamentsSection />
            <MembersSection />
            <CommunitySection />
          </>
        ) : null}
      </main>
      {belowFold ? <SiteFooter /> : null}
    </>
  );
}
