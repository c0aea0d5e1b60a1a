import { useState, type FormEvent } from 'react';
import type { SessionResponse } from '../../../../../contracts/admin-auth';
import { errorMessage } from '../../../lib/api-client';
import { adminRequest, saveAdminSession } from '../../../lib/admin-session';
import { Banner, SubmitButton, TextField } from './form-controls';

/** Turning two-factor sign-in off takes the password and a current code (or a recovery code). */
export function TotpDisableForm() {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      saveAdminSession(await adminRequest<SessionResponse>('POST', '/api/admin/totp/disable', { password, code }));
    } catch (err) {
      setProblem(errorMessage(err, 'Failed to turn off two-factor sign-in'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <TextField
        id="totp-off-password"
        label="Your password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <TextField
        id="totp-off-code"
        label="Code from the app"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        maxLength={40}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        hint="Or one of your recovery codes."
      />
      {problem ? <Banner kind="error">{problem}</Banner> : null}
      <SubmitButton busy={busy}>Turn Off Two-Factor Sign-In</SubmitButton>
    </form>
  );
}
