import { useState, type FormEvent } from 'react';
import { totpEnableInputSchema, totpSetupInputSchema } from '#contracts/admin-auth';
import { errorText } from '#web/lib/api-error';
import { checkForm } from '#web/lib/form';
import { useTotpEnableMutation, useTotpSetupMutation } from '../api/account-mutations';
import { Banner, SubmitButton, TextField } from './form-controls';
import { QrCode } from './qr-code';

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * SEC-MFA-01 enrolment: the password again, then a QR code (and the secret as text) to scan, then
 * a first code that turns it on. The answer carries the recovery codes, shown once by the caller.
 */
export function TotpEnrolment({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const start = useTotpSetupMutation();
  const enable = useTotpEnableMutation(onEnabled);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const setup = start.data;

  const submitPassword = (e: FormEvent) => {
    e.preventDefault();
    const check = checkForm(totpSetupInputSchema, { password });
    setProblem(check.ok ? null : check.message);
    if (check.ok) start.mutate(check.data, { onSuccess: () => setPassword('') });
  };

  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    const check = checkForm(totpEnableInputSchema, { code });
    setProblem(check.ok ? null : check.message);
    if (check.ok) enable.mutate(check.data);
  };

  const failed = start.isError
    ? errorText(start.error, 'Failed to start two-factor setup')
    : enable.isError
      ? errorText(enable.error, 'Failed to turn on two-factor sign-in')
      : null;
  const error = problem ?? failed;

  if (!setup) {
    return (
      <form onSubmit={submitPassword} className="grid gap-4" noValidate>
        <TextField
          id="totp-setup-password"
          label="Your password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error ? <Banner kind="error">{error}</Banner> : null}
        <SubmitButton busy={start.isPending}>Set Up Two-Factor Sign-In</SubmitButton>
      </form>
    );
  }

  return (
    <form onSubmit={submitCode} className="grid gap-4" noValidate>
      <p className="text-sm text-slate-300">
        Scan this code with an authenticator app (Aegis, Google Authenticator, 1Password, …), then type the code it
        shows.
      </p>
      <QrCode value={setup.otpauthUri} label="QR code to add ClanOps to your authenticator app" />
      <div className="grid gap-1 text-center">
        <span className="text-xs text-slate-400">Or type this key in the app:</span>
        <code data-testid="totp-secret" className="select-all break-all font-mono text-sm tracking-wider text-gold-200">
          {grouped(setup.secret)}
        </code>
      </div>
      <TextField
        id="totp-first-code"
        label="Code from the app"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        maxLength={6}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        placeholder="123456"
      />
      {error ? <Banner kind="error">{error}</Banner> : null}
      <SubmitButton busy={enable.isPending}>Turn On</SubmitButton>
    </form>
  );
}
