import { Toaster } from '../components/ui/toaster';
import { AdminPage } from '../features/admin-auth/components/admin-page';
import { ForgotPasswordPage } from '../features/admin-auth/components/forgot-password-page';
import { ResetPasswordPage } from '../features/admin-auth/components/reset-password-page';
import { ScriptManagementTab } from '../features/scripts/components/script-management-tab';

/** Entry of the admin chunk (loaded only on /admin, /admin/reset-password, /forgot-password). */
export default function AdminRoutes({ page }: { page: 'admin' | 'reset-password' | 'forgot-password' }) {
  return (
    <>
      {page === 'reset-password' ? (
        <ResetPasswordPage />
      ) : page === 'forgot-password' ? (
        <ForgotPasswordPage />
      ) : (
        <AdminPage scriptsTab={<ScriptManagementTab />} />
      )}
      <Toaster />
    </>
  );
}
