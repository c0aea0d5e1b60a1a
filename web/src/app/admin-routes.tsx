import { lazy, Suspense } from 'react';
import { Toaster } from '../components/ui/toaster';
import { AdminPage } from '../features/admin-auth/components/admin-page';
import { ConfirmEmailPage } from '../features/admin-auth/components/confirm-email-page';
import { ForgotPasswordPage } from '../features/admin-auth/components/forgot-password-page';
import { ResetPasswordPage } from '../features/admin-auth/components/reset-password-page';
import { FamilyTab } from '../features/family/components/family-tab';
import { ScriptManagementTab } from '../features/scripts/components/script-management-tab';
import { AlertsBanner } from '../features/reminders/components/alerts-banner';
import { ReminderSettingsCard } from '../features/reminders/components/reminder-settings-card';
import { RemindersTab } from '../features/reminders/components/reminders-tab';
import { LeadersTab } from '../features/leaders/components/leaders-tab';
import { DiscordRolesSection } from '../features/discord-roles/components/discord-roles-section';

/** The War report tab is its own chunk, fetched when the tab is first opened. */
const WarReportTab = lazy(() => import('../features/war-report/components/war-report-tab'));

export type AdminPageName = 'admin' | 'reset-password' | 'forgot-password' | 'confirm-email';

/** Entry of the admin chunk (loaded only on /admin, /admin/reset-password, /admin/confirm-email, /forgot-password). */
export default function AdminRoutes({ page }: { page: AdminPageName }) {
  return (
    <>
      {page === 'reset-password' ? (
        <ResetPasswordPage />
      ) : page === 'confirm-email' ? (
        <ConfirmEmailPage />
      ) : page === 'forgot-password' ? (
        <ForgotPasswordPage />
      ) : (
        <AdminPage
          scriptsTab={
            <ScriptManagementTab scheduleFor={(id) => (id === 'war-reminders' ? <ReminderSettingsCard /> : null)} />
          }
          warReportTab={
            <Suspense
              fallback={
                <p className="text-sm text-slate-400" role="status">
                  Loading the war report…
                </p>
              }
            >
              <WarReportTab />
            </Suspense>
          }
          remindersTab={<RemindersTab discordRoles={<DiscordRolesSection />} />}
          familyTab={<FamilyTab />}
          leadersTab={<LeadersTab />}
          alerts={<AlertsBanner />}
        />
      )}
      <Toaster />
    </>
  );
}
