import { BellOff, TriangleAlert } from 'lucide-react';
import { errorText } from '#web/lib/api-error';
import { useAcknowledgeAlertMutation } from '../api/reminders-mutations';
import { useAlerts } from '../api/reminders-queries';

/** Open alerts above every tab until acknowledged (docs/reminders.md "Alerts"). */
export function AlertsBanner() {
  const alerts = useAlerts();
  const ack = useAcknowledgeAlertMutation();
  const open = alerts.data?.alerts ?? [];
  if (open.length === 0) return null;
  return (
    <div role="region" aria-label="Alerts" className="mx-auto grid max-w-6xl gap-2 px-4 pt-4">
      {open.map((a) => (
        <div
          key={a.id}
          role="alert"
          className="flex flex-wrap items-start gap-3 rounded-xl border border-red-400/50 bg-red-950/60 p-3 text-sm text-red-100"
        >
          <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <div className="min-w-0 flex-1 basis-56">
            <p className="font-semibold">{a.subject}</p>
            <p className="break-words text-red-100/90">{a.message}</p>
            <p className="mt-1 text-xs text-red-200/70">{`${a.createdAt.slice(0, 16).replace('T', ' ')} UTC`}</p>
          </div>
          <button
            type="button"
            onClick={() => ack.mutate(a.id)}
            disabled={ack.isPending}
            className={
              'ml-auto inline-flex items-center gap-1.5 rounded-lg border border-red-300/50 px-3 py-1.5 text-xs font-semibold ' +
              'hover:bg-red-900/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-200'
            }
          >
            <BellOff className="h-3.5 w-3.5" aria-hidden />
            Acknowledge
          </button>
        </div>
      ))}
      {ack.isError ? <p className="text-xs text-red-200">{errorText(ack.error, 'Failed to acknowledge')}</p> : null}
    </div>
  );
}
