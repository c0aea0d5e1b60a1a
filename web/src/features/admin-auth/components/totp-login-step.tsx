import { useState, type FormEvent } from 'react';
import { totpLoginInputSchema } from '#contracts/admin-auth';
import { toast } from '#web/ui/toaster';
import { ApiError, errorText } from '#web/lib/api-error';
import { checkForm } from '#web/lib/form';
import { useTotpLoginMutation } from '../api/login-mutations';
import { AuthShell, SubmitButton, TextField } from './form-controls';

/** The step after the password when two-factor sign-in is on (SEC-MFA-01). */
export function TotpLoginStep({ challenge, onRestart }: { challenge: string; onRestart: () => void }) {
  const [code, setCode] = useState('');
  const verify = useTotpLoginMutation();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const check = checkForm(totpLoginInputSchema, { challenge, code });
    if (!check.ok) {
      toast({ title: check.message, variant: 'error' });
      return;
    }
    verify.mutate(check.data, {
      onError: (err) => {
        toast({ title: errorText(err, 'Login failed'), variant: 'error' });
        setCode('');
        // The challenge is used up or too old: only a new password step helps.
        if (err instanceof ApiError && err.code === 'LOGIN_EXPIRED') onRestart();
      },
    });
  };

  return (
    <AuthShell title="Two-Factor Code" subtitle="Enter the 6-digit code your authenticator app shows for ClanOps.">
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <TextField
          id="totp-code"
          label="Authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          required
          maxLength={40}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder="123456"
          hint="Lost your phone? Type one of your recovery codes instead."
        />
        <SubmitButton busy={verify.isPending}>Verify</SubmitButton>
        <button
          type="button"
          onClick={onRestart}
          className="justify-self-center rounded text-sm font-medium text-gold-300 underline-offset-4 hover:underline focus-ring-tight"
        >
          Back to Login
        </button>
      </form>
    </AuthShell>
  );
}
