import { useState, type FormEvent } from 'react';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { saveAdminSession } from '../../../lib/admin-session';
import { postTotpLogin } from '../api/admin-auth-api';
import { AuthShell, SubmitButton, TextField } from './form-controls';

/** The step after the password when two-factor sign-in is on (SEC-MFA-01). */
export function TotpLoginStep({ challenge, onRestart }: { challenge: string; onRestart: () => void }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (code.trim() === '') {
      toast({ title: 'Enter the code from your authenticator app', variant: 'error' });
      return;
    }
    setBusy(true);
    try {
      saveAdminSession(await postTotpLogin({ challenge, code }));
    } catch (err) {
      const message = errorMessage(err, 'Login failed');
      toast({ title: message, variant: 'error' });
      setCode('');
      if (/log in again/i.test(message)) onRestart();
    } finally {
      setBusy(false);
    }
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
        <SubmitButton busy={busy}>Verify</SubmitButton>
        <button
          type="button"
          onClick={onRestart}
          className="justify-self-center rounded text-sm font-medium text-gold-300 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-gold-300"
        >
          Back to Login
        </button>
      </form>
    </AuthShell>
  );
}
