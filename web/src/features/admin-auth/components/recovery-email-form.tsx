import { useState, type FormEvent } from 'react';
import type { SetEmailResponse } from '../../../../../contracts/admin-auth';
import { errorMessage } from '../../../lib/api-client';
import { adminRequest, updateAdminUser } from '../../../lib/admin-session';
import { Banner, SubmitButton, TextField } from './form-controls';

type Outcome = { kind: 'error' | 'success'; text: string } | null;

/**
 * docs/product.md §5: an email-type input with no client rule; the server validates. The current
 * password is asked again, and the address applies once the link mailed to it is opened
 * (docs/decisions/014-recovery-email-confirmation.md).
 */
export function RecoveryEmailForm({ current }: { current: string | null }) {
  const [email, setEmail] = useState(current ?? '');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setOutcome(null);
    try {
      const res = await adminRequest<SetEmailResponse>('POST', '/api/admin/set-email', { email, password });
      updateAdminUser({ pendingEmail: res.pendingEmail });
      setPassword('');
      setOutcome({ kind: 'success', text: res.message });
    } catch (err) {
      setOutcome({ kind: 'error', text: errorMessage(err, 'Failed to set email') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <TextField
        id="recovery-email"
        label="Recovery email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        placeholder="leader@example.com"
      />
      <TextField
        id="recovery-email-password"
        label="Confirm with your password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        hint="We send a confirmation link to the new address; it applies once you open it."
      />
      {outcome ? <Banner kind={outcome.kind}>{outcome.text}</Banner> : null}
      <SubmitButton busy={busy}>Set Recovery Email</SubmitButton>
    </form>
  );
}
