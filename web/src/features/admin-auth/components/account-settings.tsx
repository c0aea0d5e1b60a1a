import { History, KeyRound, Mail, Smartphone } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { AdminUser } from '#contracts/admin-auth';
import { ChangePasswordForm } from './change-password-form';
import { RecoveryCodes } from './recovery-codes';
import { RecoveryEmailForm } from './recovery-email-form';
import { TemplateChanges } from './template-changes';
import { TotpDisableForm } from './totp-disable-form';
import { TotpEnrolment } from './totp-enrolment';

/** docs/product.md §2: change password and set recovery email; plus optional two-factor sign-in. */
export function AccountSettings({ user }: { user: AdminUser }) {
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <SettingsCard
        icon={<KeyRound className="h-5 w-5" aria-hidden />}
        title="Change Password"
        description="At least 8 characters; a long passphrase of 15 or more is best."
      >
        <ChangePasswordForm />
      </SettingsCard>
      <SettingsCard
        icon={<Mail className="h-5 w-5" aria-hidden />}
        title="Recovery Email"
        description={emailDescription(user)}
      >
        <RecoveryEmailForm current={user.email} />
      </SettingsCard>
      <SettingsCard
        icon={<Smartphone className="h-5 w-5" aria-hidden />}
        title="Two-Factor Sign-In"
        description={
          user.totpEnabled
            ? 'On: after the password, the login asks for a code from your authenticator app.'
            : 'Off. Turn it on to ask for a code from an authenticator app after the password.'
        }
      >
        {recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
        ) : user.totpEnabled ? (
          <TotpDisableForm />
        ) : (
          <TotpEnrolment onEnabled={setRecoveryCodes} />
        )}
      </SettingsCard>
      <SettingsCard
        icon={<History className="h-5 w-5" aria-hidden />}
        title="Template and Webhook Changes"
        description={
          'Every edit of a Discord message template and every change of a clan’s Discord webhook, newest first.' +
          (user.email ? ` Changes are mailed to ${user.email} when mail is set up.` : '') +
          ' Not yours? Change the password, then restore the template in Reminders or the webhook in Family.'
        }
      >
        <TemplateChanges />
      </SettingsCard>
    </div>
  );
}

function emailDescription(user: AdminUser): string {
  const now = user.email
    ? `Reset links go to ${user.email}.`
    : 'No recovery email yet: set one so a lost password can be reset by mail.';
  return user.pendingEmail ? `${now} Waiting for ${user.pendingEmail} to be confirmed from its inbox.` : now;
}

function SettingsCard({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section className="rounded-2xl border border-ink-700 bg-ink-900 p-5 shadow-lg shadow-black/30 sm:p-6">
      <div className="flex items-center gap-2 text-gold-400">
        {icon}
        <h2 className="font-display text-lg font-bold text-white">{title}</h2>
      </div>
      <p className="mt-1 text-sm text-slate-400">{description}</p>
      <div className="mt-5">{children}</div>
    </section>
  );
}
