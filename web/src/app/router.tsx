import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PublicPage } from './public-page';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import type { AdminPageName } from './admin-routes';

// Admin code is its own chunk: the public page never loads it (docs/architecture.md §9).
const AdminRoutes = lazy(() => import('./admin-routes'));
// So is a member's page: the public page's initial JavaScript does not grow with it.
const MemberPage = lazy(() => import('../features/member-page/components/member-page'));

export function AppRouter() {
  return (
    <Switch>
      <Route path="/" component={PublicPage} />
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
          <Suspense fallback={<div className="min-h-screen bg-ink-950" aria-busy="true" />}>
            <MemberPage tag={params.tag} notFound={<NotFoundPage />} />
          </Suspense>
        )}
      </Route>
      <Route component={NotFoundPage} />
    </Switch>
  );
}

function LazyAdmin({ page }: { page: AdminPageName }) {
  return (
    <Suspense fallback={<div className="min-h-screen bg-ink-950" aria-busy="true" />}>
      <AdminRoutes page={page} />
    </Suspense>
  );
}
