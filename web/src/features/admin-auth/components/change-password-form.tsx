import { useState, type FormEvent } from 'react';
import type { SessionResponse } from '../../../../../contracts/admin-auth';
import { errorMessage } from '../../../lib/api-client';
import { adminRequest, saveAdminSession } from '../../../lib/admin-session';
import { Banner, SubmitButton, TextField } from './form-controls';

type Outcome = { kind: 'error' | 'success'; text: string } | null;

/** docs/product.md §5: old password required; new and confirm must match. */
export function ChangePasswordForm() {
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (newPassword !== confirm) {
      setOutcome({ kind: 'error', text: 'Passwords do not match' });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      // The server revokes every token on a change and answers with a fresh one for this browser.
      saveAdminSession(
        await adminRequest<SessionResponse>('POST', '/api/admin/change-password', { oldPassword, newPassword }),
      );
      setOldPassword('');
      setNewPassword('');
      setConfirm('');
      setOutcome({ kind: 'success', text: 'Password changed successfully' });
    } catch (err) {
      setOutcome({ kind: 'error', text: errorMessage(err, 'Failed to change password') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="grid gap-4">
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
      {outcome ? <Banner kind={outcome.kind}>{outcome.text}</Banner> : null}
      <SubmitButton busy={busy}>Change Password</SubmitButton>
    </form>
  );
}
