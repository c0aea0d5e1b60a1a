import { useState, type FormEvent } from 'react';
import type { TotpEnableResponse, TotpSetupResponse } from '../../../../../contracts/admin-auth';
import { errorMessage } from '../../../lib/api-client';
import { adminRequest, saveAdminSession } from '../../../lib/admin-session';
import { Banner, SubmitButton, TextField } from './form-controls';
import { QrCode } from './qr-code';

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * SEC-MFA-01 enrolment: the password again, then a QR code (and the secret as text) to scan, then
 * a first code that turns it on. The answer carries the recovery codes, shown once by the caller.
 */
export function TotpEnrolment({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const [password, setPassword] = useState('');
  const [setup, setSetup] = useState<TotpSetupResponse | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const run = async (task: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setProblem(null);
    try {
      await task();
    } catch (err) {
      setProblem(errorMessage(err, fallback));
    } finally {
      setBusy(false);
    }
  };

  const start = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      setSetup(await adminRequest<TotpSetupResponse>('POST', '/api/admin/totp/setup', { password }));
      setPassword('');
    }, 'Failed to start two-factor setup');
  };

  const confirm = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const res = await adminRequest<TotpEnableResponse>('POST', '/api/admin/totp/enable', { code });
      onEnabled(res.recoveryCodes);
      saveAdminSession(res);
    }, 'Failed to turn on two-factor sign-in');
  };

  if (!setup) {
    return (
      <form onSubmit={start} className="grid gap-4" noValidate>
        <TextField
          id="totp-setup-password"
          label="Your password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {problem ? <Banner kind="error">{problem}</Banner> : null}
        <SubmitButton busy={busy}>Set Up Two-Factor Sign-In</SubmitButton>
      </form>
    );
  }

  return (
    <form onSubmit={confirm} className="grid gap-4" noValidate>
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
      {problem ? <Banner kind="error">{problem}</Banner> : null}
      <SubmitButton busy={busy}>Turn On</SubmitButton>
    </form>
  );
}
