import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { RenderLater } from '../components/ui/render-later';
import { SectionBoundary } from '../components/ui/section-boundary';
import { HeroSection } from '../features/public-site/components/hero-section';
import { SiteNav } from '../features/public-site/components/site-nav';

/**
 * Below the fold, each section is its own chunk (docs/architecture.md §9: no unused code on first load). The loaders
 * are started once the nav and hero have painted, so a section's code is usually there by the time it renders.
 */
const loaders = {
  statistics: () => import('../features/public-site/components/statistics-section'),
  champions: () => import('../features/champions/components/monthly-champions'),
  tournaments: () => import('../features/public-site/components/tournaments-section'),
  members: () => import('../features/members/components/members-section'),
  community: () => import('../features/public-site/components/community-section'),
  footer: () => import('../features/public-site/components/site-footer'),
};
const StatisticsSection = lazy(() => loaders.statistics().then((m) => ({ default: m.StatisticsSection })));
const MonthlyChampions = lazy(() => loaders.champions().then((m) => ({ default: m.MonthlyChampions })));
const TournamentsSection = lazy(() => loaders.tournaments().then((m) => ({ default: m.TournamentsSection })));
const MembersSection = lazy(() => loaders.members().then((m) => ({ default: m.MembersSection })));
const CommunitySection = lazy(() => loaders.community().then((m) => ({ default: m.CommunitySection })));
const SiteFooter = lazy(() => loaders.footer().then((m) => ({ default: m.SiteFooter })));

/** A page section behind its own error boundary: one that crashes leaves the others working. */
function Section({ name, id, children }: { name: string; id?: string; children: ReactNode }) {
  return (
    <SectionBoundary name={name} id={id} className="scroll-mt-16 px-4 py-12 sm:px-6">
      {children}
    </SectionBoundary>
  );
}

/** Screen-high stand-in for a section not rendered yet: below the fold, so nothing in view moves when it fills. */
const PLACEHOLDER = 'min-h-screen scroll-mt-16';

/**
 * A section below the fold: rendered when it nears the viewport or the browser is idle (lib/render-later.ts), from
 * its own chunk; until then an empty placeholder. The anchor (`id`) belongs to the section itself, so whatever looks
 * for it finds the section, never a placeholder about to be replaced.
 */
function LaterSection({ name, id, children }: { name: string; id?: string; children: ReactNode }) {
  const placeholder = <div className={PLACEHOLDER} aria-hidden="true" />;
  return (
    <RenderLater placeholderClassName={PLACEHOLDER}>
      <Suspense fallback={placeholder}>
        <Section name={name} id={id}>
          {children}
        </Section>
      </Suspense>
    </RenderLater>
  );
}

/**
 * docs/product.md §2: the public page, sections in the spec's order. Features are composed here, not in each other.
 * The nav and hero paint in the first commit; every section below the fold follows in its own small task.
 */
export function PublicPage() {
  useEffect(() => {
    for (const load of Object.values(loaders)) void load();
  }, []);
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
        <LaterSection name="Clan statistics" id="statistics">
          <StatisticsSection
            champions={
              <SectionBoundary name="Monthly champions">
                <MonthlyChampions />
              </SectionBoundary>
            }
          />
        </LaterSection>
        <LaterSection name="Tournaments" id="tournaments">
          <TournamentsSection />
        </LaterSection>
        <LaterSection name="Clan members" id="members">
          <MembersSection />
        </LaterSection>
        <LaterSection name="Community invite" id="discord">
          <CommunitySection />
        </LaterSection>
      </main>
      <LaterSection name="Footer">
        <SiteFooter />
      </LaterSection>
    </>
  );
}
