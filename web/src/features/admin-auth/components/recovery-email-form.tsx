import { useState, type FormEvent } from 'react';
import { errorText } from '#web/lib/api-error';
import { checkForm } from '#web/lib/form';
import { useSetEmailMutation } from '../api/account-mutations';
import { setEmailFormSchema } from '../lib/form-schemas';
import { Banner, SubmitButton, TextField } from './form-controls';

/**
 * docs/product.md §5: an email-type input with no client rule; the server validates. The current
 * password is asked again, and the address applies once the link mailed to it is opened
 * (docs/decisions/014-recovery-email-confirmation.md).
 */
export function RecoveryEmailForm({ current }: { current: string | null }) {
  const save = useSetEmailMutation();
  const [email, setEmail] = useState(current ?? '');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const check = checkForm(setEmailFormSchema, { email, password });
    setProblem(check.ok ? null : check.message);
    if (!check.ok) {
      save.reset();
      return;
    }
    save.mutate(check.data, { onSuccess: () => setPassword('') });
  };

  const error = problem ?? (save.isError ? errorText(save.error, 'Failed to set email') : null);
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
      {error ? <Banner kind="error">{error}</Banner> : null}
      {save.isSuccess && !error ? <Banner kind="success">{save.data.message}</Banner> : null}
      <SubmitButton busy={save.isPending}>Set Recovery Email</SubmitButton>
    </form>
  );
}
