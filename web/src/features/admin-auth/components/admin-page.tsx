import type { ReactNode } from 'react';
import { useAdminSession } from '../../../lib/admin-session';
import { AdminPanel } from './admin-panel';
import { LoginForm } from './login-form';

/** /admin: the login form when logged out, the tabbed panel when logged in (docs/product.md §2, §4). */
export function AdminPage({ scriptsTab, warReportTab }: { scriptsTab: ReactNode; warReportTab: ReactNode }) {
  const session = useAdminSession();
  if (!session) return <LoginForm />;
  return <AdminPanel user={session.user} scriptsTab={scriptsTab} warReportTab={warReportTab} />;
}
