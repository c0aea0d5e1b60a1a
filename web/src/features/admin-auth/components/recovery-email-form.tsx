import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { adminRequest, updateAdminUser } from '../../../lib/admin-session';
import { Banner, SubmitButton, TextField } from './form-controls';

type Outcome = { kind: 'error' | 'success'; text: string } | null;

/** docs/product.md §5: an email-type input with no client rule; the server validates. */
export function RecoveryEmailForm({ current }: { current: string | null }) {
  const [email, setEmail] = useState(current ?? '');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setOutcome(null);
    try {
      const res = await adminRequest<{ message: string; email: string }>('POST', '/api/admin/set-email', { email });
      updateAdminUser({ email: res.email });
      setOutcome({ kind: 'success', text: 'Recovery email set successfully' });
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
      {outcome ? <Banner kind={outcome.kind}>{outcome.text}</Banner> : null}
      <SubmitButton busy={busy}>Set Recovery Email</SubmitButton>
    </form>
  );
}
