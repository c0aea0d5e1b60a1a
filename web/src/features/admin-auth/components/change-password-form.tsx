import { useState, type FormEvent } from 'react';
import { errorText } from '#web/lib/api-error';
import { checkForm } from '#web/lib/form';
import { useChangePasswordMutation } from '../api/account-mutations';
import { changePasswordFormSchema } from '../lib/form-schemas';
import { Banner, SubmitButton, TextField } from './form-controls';

/** docs/product.md §5: old password required; new password 8–128 characters; new and confirm must match. */
export function ChangePasswordForm() {
  const change = useChangePasswordMutation();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const check = checkForm(changePasswordFormSchema, { oldPassword, newPassword, confirm });
    setProblem(check.ok ? null : check.message);
    if (!check.ok) {
      change.reset();
      return;
    }
    change.mutate(
      { oldPassword: check.data.oldPassword, newPassword: check.data.newPassword },
      {
        onSuccess: () => {
          setOldPassword('');
          setNewPassword('');
          setConfirm('');
        },
      },
    );
  };

  const error = problem ?? (change.isError ? errorText(change.error, 'Failed to change password') : null);
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <TextField
        id="old-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        value={oldPassword}
        onChange={(e) => setOldPassword(e.target.value)}
      />
      <TextField
        id="new-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        maxLength={128}
        value={newPassword}
        onChange={(e) => setNewPassword(e.target.value)}
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
      {error ? <Banner kind="error">{error}</Banner> : null}
      {change.isSuccess && !error ? <Banner kind="success">Password changed successfully</Banner> : null}
      <SubmitButton busy={change.isPending}>Change Password</SubmitButton>
    </form>
  );
}
