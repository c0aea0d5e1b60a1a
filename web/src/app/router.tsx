import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { usePageFacts } from '#web/lib/page-facts';
import { PublicPage } from './public-page';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import type { AdminPageName } from './admin-routes';

// Admin code is its own chunk: the public page never loads it (docs/architecture.md §9).
const AdminRoutes = lazy(() => import('./admin-routes'));
// So is a member's page: the public page's initial JavaScript does not grow with it.
const MemberPage = lazy(() => import('../features/member-page/components/member-page'));
// And the family site's pages (docs/decisions/103-demo-family-and-public-site.md): `/` of a family, a clan's page.
const FamilyHome = lazy(() => import('./family-home'));
const ClanPage = lazy(() => import('./clan-page'));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<div className="min-h-screen bg-ink-950" aria-busy="true" />}>{children}</Suspense>;
}

/** `/`: the clan page, or the family page when the server marked the family (more than one clan). */
function Home() {
  return usePageFacts().family ? (
    <Lazy>
      <FamilyHome />
    </Lazy>
  ) : (
    <PublicPage />
  );
}

export function AppRouter() {
  const [location] = useLocation();
  // the server answered this path with its 404 page (a member or a clan it does not know): so does the app
  if (usePageFacts().notFoundAt === location) return <NotFoundPage />;
  return (
    <Switch>
      <Route path="/" component={Home} />
      <Route path="/admin">
        <LazyAdmin page="admin" />
      </Route>
      <Route path="/admin/reset-password">
        <LazyAdmin page="reset-password" />
      </Route>
      <Route path="/admin/confirm-email">
        <LazyAdmin page="confirm-email" />
      </Route>
      <Route path="/forgot-password">
        <LazyAdmin page="forgot-password" />
      </Route>
      <Route path="/members/:tag">
        {(params) => (
          <Lazy>
            <MemberPage tag={params.tag} notFound={<NotFoundPage />} />
          </Lazy>
        )}
      </Route>
      <Route path="/clans/:tag">
        {(params) => (
          <Lazy>
            <ClanPage tag={params.tag} notFound={<NotFoundPage />} />
          </Lazy>
        )}
      </Route>
      <Route component={NotFoundPage} />
    </Switch>
  );
}

function LazyAdmin({ page }: { page: AdminPageName }) {
  return (
    <Lazy>
      <AdminRoutes page={page} />
    </Lazy>
  );
}
