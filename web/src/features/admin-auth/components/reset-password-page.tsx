import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { PASSWORD_MIN_LENGTH } from '../../../../../contracts/admin-auth';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { postResetPassword } from '../api/admin-auth-api';
import { useLinkToken } from '../use-link-token';
import { AuthShell, Banner, SubmitButton, TextField } from './form-controls';

const REDIRECT_AFTER_MS = 2000;

/**
 * docs/product.md §2/§4/§5: token from the query string (then gone from the address bar);
 * success, then /admin after 2 seconds.
 */
export function ResetPasswordPage() {
  const token = useLinkToken();
  const [, navigate] = useLocation();
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    if (token) return;
    toast({ title: 'Invalid reset link', variant: 'error' });
    navigate('/admin', { replace: true });
  }, [token, navigate]);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate('/admin', { replace: true }), REDIRECT_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if ([...newPassword].length < PASSWORD_MIN_LENGTH) return setProblem('Password must be at least 8 characters');
    if (newPassword !== confirm) return setProblem('Passwords do not match');
    setProblem(null);
    setBusy(true);
    try {
      const res = await postResetPassword({ token: token ?? '', newPassword });
      setDone(res.message);
    } catch (err) {
      toast({ title: errorMessage(err, 'Failed to reset password'), variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  if (!token) return <AuthShell title="Invalid reset link" />;

  return (
    <AuthShell
      title="Reset Password"
      subtitle="Choose a new admin password. Every signed-in session will be signed out."
    >
      {done ? (
        <Banner kind="success">{done} Redirecting to the login page…</Banner>
      ) : (
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <TextField
            id="new-password"
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
            hint="At least 8 characters; a passphrase of 15 or more is best."
          />
          <TextField
            id="confirm-password"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
          {problem ? <Banner kind="error">{problem}</Banner> : null}
          <SubmitButton busy={busy}>Reset Password</SubmitButton>
        </form>
      )}
    </AuthShell>
  );
}
