import type { ScriptId } from '#contracts/admin-scripts';

/** docs/product.md §8 banners: the server's error text when present, else these fallbacks. */
export const RUN_FAILED: Record<ScriptId, string> = {
  'inactive-players': 'Failed to run detection',
  'river-race-log': 'Failed to run river race log',
  'monthly-fame': 'Failed to run monthly fame accumulation',
  'war-reminders': 'Failed to send the war reminder',
};

export const SCHEDULE_FAILED: Record<ScriptId, string> = {
  'inactive-players': 'Failed to update schedule',
  'river-race-log': 'Failed to update river race schedule',
  'monthly-fame': 'Failed to update monthly fame schedule',
  'war-reminders': 'Failed to update reminder times',
};

export { SCHEDULE_UPDATED } from '#contracts/admin-scripts';

export const REPLAY_FAILED = 'Failed to replay notification';

/** "Mon, Nov 23, 2026, 10:00 AM EST" in the schedule's zone. */
export function formatTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

export function formatUtc(iso: string): string {
  return `${iso.slice(0, 16).replace('T', ' ')} UTC`;
}

export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}
