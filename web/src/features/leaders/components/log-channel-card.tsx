import { useState, type FormEvent } from 'react';
import { Webhook } from 'lucide-react';
import { errorText } from '#web/lib/api-error';
import { FieldError } from '#web/ui/field-error';
import { GhostButton, GoldButton, Panel, inputClass } from '#web/ui/panel';
import { toast } from '#web/ui/toaster';
import { useLogChannelMutation } from '../api/leaders-mutations';
import { useStrikeRules } from '../api/leaders-queries';

const label = 'text-xs font-semibold text-slate-200';
const WHY =
  'Your password again: the log channel receives leaders’ data. Every change is listed in Account Settings and mailed to the recovery email.';

/**
 * The clan's leaders' log channel (docs/leaders-memory.md): whether one is set (the URL is sealed and never shown
 * back), a field to set or replace it, and Remove, each with the current password again, like a clan's webhook.
 */
export function LogChannelCard() {
  const rules = useStrikeRules();
  const change = useLogChannelMutation();
  const [mode, setMode] = useState<'idle' | 'set' | 'remove'>('idle');
  const [url, setUrl] = useState('');
  const [password, setPassword] = useState('');
  const set = rules.data?.logChannel ?? false;
  const close = () => {
    setMode('idle');
    setUrl('');
    setPassword('');
    change.reset();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = mode === 'set' ? { url: url.trim(), password } : { password };
    change.mutate(input, {
      onSuccess: () => {
        close();
        toast({ title: mode === 'set' ? 'Log channel saved' : 'Log channel removed', variant: 'success' });
      },
    });
  };
  const error = change.isError
    ? errorText(change.error, mode === 'set' ? 'Failed to save the log channel' : 'Failed to remove the log channel')
    : null;
  return (
    <Panel title="Log channel" icon={Webhook} labelId="log-channel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 text-sm text-slate-300" data-testid="log-channel-state">
          {set
            ? 'A log channel is set: the clan log, returning members and watch-list alerts are posted there.'
            : 'No log channel is set: the clan log is not posted to Discord; alerts wait in the outbox.'}
        </p>
        {mode === 'idle' && rules.data ? (
          <div className="flex shrink-0 gap-2">
            <GhostButton onClick={() => setMode('set')}>{set ? 'Change' : 'Set log channel'}</GhostButton>
            {set ? <GhostButton onClick={() => setMode('remove')}>Remove log channel</GhostButton> : null}
          </div>
        ) : null}
      </div>
      {mode !== 'idle' ? (
        <form
          onSubmit={submit}
          noValidate
          aria-label={mode === 'set' ? 'Log channel webhook' : 'Remove the log channel'}
          className="mt-3 grid gap-2"
        >
          {mode === 'set' ? (
            <div className="grid gap-1">
              <label htmlFor="log-channel-url" className={label}>
                Discord webhook URL of the leaders’ channel
              </label>
              <input
                id="log-channel-url"
                type="url"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                autoComplete="off"
                spellCheck={false}
                placeholder="https://discord.com/api/webhooks/…"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'log-channel-error' : undefined}
                className={`w-full font-mono text-xs placeholder:text-slate-500 ${inputClass}`}
              />
            </div>
          ) : null}
          <div className="grid gap-1">
            <label htmlFor="log-channel-password" className={label}>
              Current password
            </label>
            <input
              id="log-channel-password"
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
              aria-describedby="log-channel-why"
              className={`w-full text-xs sm:w-64 ${inputClass}`}
            />
            <p id="log-channel-why" className="text-xs text-slate-400">
              {WHY}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <GoldButton type="submit" busy={change.isPending}>
              {mode === 'set' ? 'Save' : 'Remove log channel'}
            </GoldButton>
            <GhostButton onClick={close}>Cancel</GhostButton>
          </div>
          {error ? <FieldError id="log-channel-error" message={error} /> : null}
        </form>
      ) : null}
    </Panel>
  );
}
