import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { toast } from '#web/ui/toaster';
import { errorText } from '#web/lib/api-error';
import { checkForm } from '#web/lib/form';
import { useResetPasswordMutation } from '../api/login-mutations';
import { resetPasswordFormSchema } from '../lib/form-schemas';
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
  const reset = useResetPasswordMutation();
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const done = reset.isSuccess;

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

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const check = checkForm(resetPasswordFormSchema, { token: token ?? '', newPassword, confirm });
    setProblem(check.ok ? null : check.message);
    if (!check.ok) return;
    reset.mutate(
      { token: check.data.token, newPassword: check.data.newPassword },
      { onError: (err) => toast({ title: errorText(err, 'Failed to reset password'), variant: 'error' }) },
    );
  };

  if (!token) return <AuthShell title="Invalid reset link" />;

  return (
    <AuthShell
      title="Reset Password"
      subtitle="Choose a new admin password. Every signed-in session will be signed out."
    >
      {reset.isSuccess ? (
        <Banner kind="success">{reset.data.message} Redirecting to the login page…</Banner>
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
          <SubmitButton busy={reset.isPending}>Reset Password</SubmitButton>
        </form>
      )}
    </AuthShell>
  );
}
