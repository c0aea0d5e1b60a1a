import type { ReactNode } from 'react';
import { useAdminSession } from '#web/lib/admin-session';
import { AdminPanel } from './admin-panel';
import { LoginForm } from './login-form';

/** /admin: the login form when logged out, the tabbed panel when logged in (docs/product.md §2, §4). */
export function AdminPage(tabs: {
  scriptsTab: ReactNode;
  warReportTab: ReactNode;
  remindersTab: ReactNode;
  familyTab: ReactNode;
  leadersTab: ReactNode;
  alerts: ReactNode;
}) {
  const session = useAdminSession();
  if (!session) return <LoginForm />;
  return <AdminPanel user={session.user} {...tabs} />;
}
