import { useState, type FormEvent } from 'react';
import { Webhook } from 'lucide-react';
import type { FamilyClan } from '#contracts/admin-family';
import { errorText } from '#web/lib/api-error';
import { FieldError } from '#web/ui/field-error';
import { GhostButton, GoldButton, inputClass } from '#web/ui/panel';
import { toast } from '#web/ui/toaster';
import { useClearWebhookMutation, useSetWebhookMutation } from '../api/family-api';
import { clanLabel, webhookText } from '../lib/family-view';

const label = 'text-xs font-semibold text-slate-200';
const WHY =
  'Your password again: the webhook decides where this clan’s messages go. Every change is listed in Account Settings and mailed to the recovery email.';

/** The current password, asked again beside a webhook change. */
function PasswordField({ id, value, onChange }: { id: string; value: string; onChange: (v: string) => void }) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className={label}>
        Current password
      </label>
      <input
        id={id}
        type="password"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="current-password"
        aria-describedby={`${id}-why`}
        className={`w-full text-xs sm:w-64 ${inputClass}`}
      />
      <p id={`${id}-why`} className="text-xs text-slate-400">
        {WHY}
      </p>
    </div>
  );
}

/**
 * A clan's Discord webhook (docs/decisions/104-per-clan-webhooks.md): what is set (host and webhook id, never the
 * token), a field to set or replace it, and Remove, each with the current password again
 * (docs/decisions/115-webhook-changes-reauthenticated.md). A family clan without one keeps its messages in its outbox.
 */
export function ClanWebhook({ clan }: { clan: FamilyClan }) {
  const set = useSetWebhookMutation(clan.tag);
  const clear = useClearWebhookMutation(clan.tag);
  const [mode, setMode] = useState<'idle' | 'set' | 'remove'>('idle');
  const [url, setUrl] = useState('');
  const [password, setPassword] = useState('');
  const field = `webhook-${clan.tag.slice(1)}`;
  const own = clan.webhook?.source === 'clan';
  const close = () => {
    setMode('idle');
    setUrl('');
    setPassword('');
    set.reset();
    clear.reset();
  };
  const done = (title: string) => () => {
    close();
    toast({ title, variant: 'success' });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mode === 'set')
      set.mutate({ url: url.trim(), password }, { onSuccess: done(`Webhook of ${clanLabel(clan)} saved`) });
    else clear.mutate({ password }, { onSuccess: done(`Webhook of ${clanLabel(clan)} removed`) });
  };
  const failed = mode === 'set' ? set : clear;
  const error = failed.isError
    ? errorText(failed.error, mode === 'set' ? 'Failed to save the webhook' : 'Failed to remove the webhook')
    : null;
  return (
    <div className="mt-2 rounded-lg border border-ink-800 bg-ink-950/60 p-2.5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p
          className="flex min-w-0 items-center gap-1.5 text-xs text-slate-300"
          data-testid={`webhook-state-${clan.tag.slice(1)}`}
        >
          <Webhook className="h-3.5 w-3.5 shrink-0 text-gold-400" aria-hidden />
          <span className="min-w-0">{webhookText(clan)}</span>
        </p>
        {mode === 'idle' ? (
          <div className="flex shrink-0 gap-2">
            <GhostButton
              onClick={() => setMode('set')}
              aria-label={`${own ? 'Change' : 'Set'} the webhook of ${clanLabel(clan)}`}
            >
              {own ? 'Change' : 'Set webhook'}
            </GhostButton>
            {own ? (
              <GhostButton onClick={() => setMode('remove')} aria-label={`Remove the webhook of ${clanLabel(clan)}`}>
                Remove webhook
              </GhostButton>
            ) : null}
          </div>
        ) : null}
      </div>
      {mode !== 'idle' ? (
        <form
          onSubmit={submit}
          noValidate
          aria-label={`${mode === 'set' ? 'Webhook' : 'Remove the webhook'} of ${clanLabel(clan)}`}
          className="mt-2 grid gap-2"
        >
          {mode === 'set' ? (
            <div className="grid gap-1">
              <label htmlFor={field} className={label}>
                Discord webhook URL
              </label>
              <input
                id={field}
                type="url"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                autoComplete="off"
                spellCheck={false}
                placeholder="https://discord.com/api/webhooks/…"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${field}-error` : undefined}
                className={`w-full font-mono text-xs placeholder:text-slate-500 ${inputClass}`}
              />
            </div>
          ) : null}
          <PasswordField id={`${field}-password`} value={password} onChange={setPassword} />
          <div className="flex flex-wrap gap-2">
            <GoldButton type="submit" busy={failed.isPending}>
              {mode === 'set' ? 'Save' : 'Remove webhook'}
            </GoldButton>
            <GhostButton onClick={close}>Cancel</GhostButton>
          </div>
          {error ? <FieldError id={`${field}-error`} message={error} /> : null}
        </form>
      ) : null}
    </div>
  );
}
