import { AdminPage } from '../features/admin-auth/components/admin-page';
import { ForgotPasswordPage } from '../features/admin-auth/components/forgot-password-page';
import { ResetPasswordPage } from '../features/admin-auth/components/reset-password-page';

/** Entry of the admin chunk (loaded only on /admin, /admin/reset-password, /forgot-password). */
export default function AdminRoutes({ page }: { page: 'admin' | 'reset-password' | 'forgot-password' }) {
  if (page === 'reset-password') return <ResetPasswordPage />;
  if (page === 'forgot-password') return <ForgotPasswordPage />;
  return <AdminPage />;
}
