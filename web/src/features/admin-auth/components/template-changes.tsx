import type { AuditEvent } from '#contracts/admin-auth';
import { errorText } from '#web/lib/api-error';
import { useAuditEvents } from '../api/audit-query';

const when = (at: string) => `${at.slice(0, 16).replace('T', ' ')} UTC`;
const WHAT: Record<AuditEvent['kind'], string> = {
  'template-saved': 'edited',
  'template-restored': 'restored to the default',
  'webhook-set': 'Discord webhook set',
  'webhook-removed': 'Discord webhook removed',
  'note-added': 'note added',
  'strike-added': 'strike given',
  'note-removed': 'note or strike removed',
  'watch-added': 'put on the watch list',
  'watch-removed': 'taken off the watch list',
  'strike-rules-saved': 'strike rules saved',
  'log-webhook-set': 'log channel webhook set',
  'log-webhook-removed': 'log channel webhook removed',
};

/**
 * The audit list of message-template and webhook changes (docs/decisions/056-template-audit.md,
 * 115-webhook-changes-reauthenticated.md): a stolen session could rewrite what the clan reads in Discord, or send it
 * elsewhere; here the admin sees every change.
 */
export function TemplateChanges() {
  const audit = useAuditEvents();
  if (audit.isPending) {
    return (
      <p role="status" className="text-sm text-slate-400">
        Loading changes…
      </p>
    );
  }
  if (audit.isError) {
    return (
      <p role="alert" className="text-sm text-red-300">
        {errorText(audit.error, 'Failed to load the changes')}
      </p>
    );
  }
  const events = audit.data.events;
  if (events.length === 0) {
    return <p className="text-sm text-slate-400">No message template or webhook has been changed yet.</p>;
  }
  return (
    <ol aria-label="Template and webhook changes" className="grid gap-2">
      {events.map((e) => (
        <li
          key={e.id}
          className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 rounded-lg border border-ink-700 bg-ink-950 px-3 py-2 text-sm"
        >
          <span className="text-slate-100">
            <strong className="font-semibold text-white">{e.subject}</strong> {WHAT[e.kind]}
          </span>
          <time dateTime={e.at} className="font-mono text-xs text-slate-400">
            {when(e.at)}
          </time>
        </li>
      ))}
    </ol>
  );
}
