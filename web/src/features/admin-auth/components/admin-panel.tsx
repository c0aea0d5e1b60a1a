import * as Tabs from '@radix-ui/react-tabs';
import { BarChart3, BellRing, Castle, KeyRound, LogOut, NotebookPen, ScrollText, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AdminUser } from '#contracts/admin-auth';
import { SectionBoundary } from '#web/ui/section-boundary';
import { useLogoutMutation } from '../api/login-mutations';
import { AccountSettings } from './account-settings';

const tabClass =
  'inline-flex items-center justify-center gap-2 rounded-lg px-2 py-2 text-[13px] font-semibold sm:px-4 sm:text-sm ' +
  // six tabs in two columns on a phone
  'text-slate-300 transition-colors hover:text-white focus-ring data-[state=active]:bg-gold-400 data-[state=active]:text-ink-950';

/**
 * The logged-in admin: header with the Password Change Required badge, open alerts, then the tabs
 * (docs/product.md §2, §6; War report: docs/war-insights.md; Reminders: docs/reminders.md;
 * Family: docs/decisions/100-clan-family-data-model.md).
 */
export function AdminPanel({
  user,
  scriptsTab,
  warReportTab,
  remindersTab,
  familyTab,
  leadersTab,
  alerts,
}: {
  user: AdminUser;
  scriptsTab: ReactNode;
  warReportTab: ReactNode;
  remindersTab: ReactNode;
  familyTab: ReactNode;
  leadersTab: ReactNode;
  alerts: ReactNode;
}) {
  const logout = useLogoutMutation();
  return (
    <div className="min-h-screen bg-ink-950">
      <header className="border-b border-gold-500/20 bg-ink-900/90">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <div className="min-w-0">
            <p className="font-display text-xs font-bold uppercase tracking-[0.3em] text-gold-400">ClanOps Royale</p>
            <h1 className="font-display text-2xl font-black text-white">Admin Panel</h1>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            {user.mustChangePassword ? (
              <span
                className={
                  'inline-flex items-center gap-1.5 rounded-full border border-amber-400/60 ' +
                  'bg-amber-500/15 px-3 py-1 text-xs font-semibold text-amber-200'
                }
              >
                <ShieldAlert className="h-3.5 w-3.5" aria-hidden />
                Password Change Required
              </span>
            ) : null}
            <span className="text-sm text-slate-300">
              Signed in as <strong className="text-white">{user.username}</strong>
            </span>
            <button
              type="button"
              onClick={() => logout.mutate()}
              className={
                'inline-flex items-center gap-2 rounded-lg border border-ink-700 px-3 py-2 text-sm ' +
                'font-semibold text-slate-200 hover:border-gold-400 hover:text-gold-300 focus-ring'
              }
            >
              <LogOut className="h-4 w-4" aria-hidden />
              Logout
            </button>
          </div>
        </div>
      </header>
      <main>
        <SectionBoundary name="Alerts">{alerts}</SectionBoundary>
        <Tabs.Root
          defaultValue={user.mustChangePassword ? 'account' : 'scripts'}
          className="mx-auto max-w-6xl px-4 py-6"
        >
          <Tabs.List
            aria-label="Admin sections"
            className="grid w-full grid-cols-2 gap-1 rounded-xl border border-ink-700 bg-ink-900 p-1 sm:inline-flex sm:w-auto"
          >
            <Tabs.Trigger value="scripts" className={tabClass}>
              <ScrollText className="hidden h-4 w-4 sm:block" aria-hidden />
              Script Management
            </Tabs.Trigger>
            <Tabs.Trigger value="war-report" className={tabClass}>
              <BarChart3 className="hidden h-4 w-4 sm:block" aria-hidden />
              War report
            </Tabs.Trigger>
            <Tabs.Trigger value="reminders" className={tabClass}>
              <BellRing className="hidden h-4 w-4 sm:block" aria-hidden />
              Reminders
            </Tabs.Trigger>
            <Tabs.Trigger value="family" className={tabClass}>
              <Castle className="hidden h-4 w-4 sm:block" aria-hidden />
              Family
            </Tabs.Trigger>
            <Tabs.Trigger value="leaders" className={tabClass}>
              <NotebookPen className="hidden h-4 w-4 sm:block" aria-hidden />
              Leaders
            </Tabs.Trigger>
            <Tabs.Trigger value="account" className={tabClass}>
              <KeyRound className="hidden h-4 w-4 sm:block" aria-hidden />
              Account Settings
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="scripts" className="mt-6 focus-visible:outline-none">
            <SectionBoundary name="Script Management">{scriptsTab}</SectionBoundary>
          </Tabs.Content>
          <Tabs.Content value="war-report" className="mt-6 focus-visible:outline-none">
            <SectionBoundary name="War report">{warReportTab}</SectionBoundary>
          </Tabs.Content>
          <Tabs.Content value="reminders" className="mt-6 focus-visible:outline-none">
            <SectionBoundary name="Reminders">{remindersTab}</SectionBoundary>
          </Tabs.Content>
          <Tabs.Content value="family" className="mt-6 focus-visible:outline-none">
            <SectionBoundary name="Family">{familyTab}</SectionBoundary>
          </Tabs.Content>
          <Tabs.Content value="leaders" className="mt-6 focus-visible:outline-none">
            <SectionBoundary name="Leaders">{leadersTab}</SectionBoundary>
          </Tabs.Content>
          <Tabs.Content value="account" className="mt-6 focus-visible:outline-none">
            <SectionBoundary name="Account Settings">
              <AccountSettings user={user} />
            </SectionBoundary>
          </Tabs.Content>
        </Tabs.Root>
      </main>
    </div>
  );
}
