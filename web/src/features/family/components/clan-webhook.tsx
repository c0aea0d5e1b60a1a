import { useState, type FormEvent } from 'react';
import { Webhook } from 'lucide-react';
import type { FamilyClan } from '#contracts/admin-family';
import { errorText } from '#web/lib/api-error';
import { FieldError } from '#web/ui/field-error';
import { GhostButton, GoldButton, inputClass } from '#web/ui/panel';
import { toast } from '#web/ui/toaster';
import { useClearWebhookMutation, useSetWebhookMutation } from '../api/family-api';
import { clanLabel, webhookText } from '../lib/family-view';

/**
 * A clan's Discord webhook (docs/decisions/104-per-clan-webhooks.md): what is set (host and webhook id, never the
 * token), a field to set or replace it, and Remove. A family clan without one keeps its messages in its outbox.
 */
export function ClanWebhook({ clan }: { clan: FamilyClan }) {
  const set = useSetWebhookMutation(clan.tag);
  const clear = useClearWebhookMutation();
  const [editing, setEditing] = useState(false);
  const [url, setUrl] = useState('');
  const field = `webhook-${clan.tag.slice(1)}`;
  const own = clan.webhook?.source === 'clan';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    set.mutate(url.trim(), {
      onSuccess: () => {
        setUrl('');
        setEditing(false);
        toast({ title: `Webhook of ${clanLabel(clan)} saved`, variant: 'success' });
      },
    });
  };
  const error = set.isError ? errorText(set.error, 'Failed to save the webhook') : null;
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
        <div className="flex shrink-0 gap-2">
          {!editing ? (
            <GhostButton
              onClick={() => setEditing(true)}
              aria-label={`${own ? 'Change' : 'Set'} the webhook of ${clanLabel(clan)}`}
            >
              {own ? 'Change' : 'Set webhook'}
            </GhostButton>
          ) : null}
          {own && !editing ? (
            <GhostButton
              onClick={() => clear.mutate(clan.tag)}
              disabled={clear.isPending}
              aria-label={`Remove the webhook of ${clanLabel(clan)}`}
            >
              Remove webhook
            </GhostButton>
          ) : null}
        </div>
      </div>
      {editing ? (
        <form onSubmit={submit} noValidate aria-label={`Webhook of ${clanLabel(clan)}`} className="mt-2 grid gap-1.5">
          <label htmlFor={field} className="text-xs font-semibold text-slate-200">
            Discord webhook URL
          </label>
          <div className="flex flex-wrap gap-2">
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
              className={`w-56 flex-1 font-mono text-xs placeholder:text-slate-500 ${inputClass}`}
            />
            <GoldButton type="submit" busy={set.isPending}>
              Save
            </GoldButton>
            <GhostButton
              onClick={() => {
                setEditing(false);
                set.reset();
              }}
            >
              Cancel
            </GhostButton>
          </div>
          {error ? <FieldError id={`${field}-error`} message={error} /> : null}
        </form>
      ) : null}
    </div>
  );
}
