import { useState, type FormEvent } from 'react';
import { totpDisableInputSchema } from '#contracts/admin-auth';
import { errorText } from '#web/lib/api-error';
import { checkForm } from '#web/lib/form';
import { useTotpDisableMutation } from '../api/account-mutations';
import { Banner, SubmitButton, TextField } from './form-controls';

/** Turning two-factor sign-in off takes the password and a current code (or a recovery code). */
export function TotpDisableForm() {
  const disable = useTotpDisableMutation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const check = checkForm(totpDisableInputSchema, { password, code });
    setProblem(check.ok ? null : check.message);
    if (check.ok) disable.mutate(check.data);
  };

  const error = problem ?? (disable.isError ? errorText(disable.error, 'Failed to turn off two-factor sign-in') : null);
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
      {error ? <Banner kind="error">{error}</Banner> : null}
      <SubmitButton busy={disable.isPending}>Turn Off Two-Factor Sign-In</SubmitButton>
    </form>
  );
}
