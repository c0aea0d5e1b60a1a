import { useState } from 'react';
import { Server } from 'lucide-react';
import type { SystemResponse } from '#contracts/admin-scripts';
import { formatUtc } from '../api/messages';
import { useOutbox, useSystem } from '../api/scripts-queries';
import { upstreamUsageLines } from '../lib/upstream-usage';
import { GhostButton, Panel } from '#web/ui/panel';
import { Banner } from '#web/ui/banner';
import { RegisterCommands } from './register-commands';

function Item({ label, value, tone = 'ok' }: { label: string; value: string; tone?: 'ok' | 'warn' | 'muted' }) {
  const colour = tone === 'ok' ? 'text-emerald-200' : tone === 'warn' ? 'text-amber-200' : 'text-slate-300';
  return (
    <div className="rounded-lg border border-ink-700 bg-ink-950/60 px-3 py-2">
      <dt className="text-xs text-slate-400">{label}</dt>
      <dd className={`text-sm font-semibold ${colour}`}>{value}</dd>
    </div>
  );
}

function apiText(cr: SystemResponse['clashRoyaleApi']): { value: string; tone: 'ok' | 'warn' | 'muted' } {
  if (!cr || cr.reachable === null) return { value: 'Not checked yet', tone: 'muted' };
  const ip = cr.currentIp ? ` · IP ${cr.currentIp}` : '';
  return cr.reachable ? { value: `Reachable${ip}`, tone: 'ok' } : { value: `Unreachable${ip}`, tone: 'warn' };
}

function Outbox() {
  const outbox = useOutbox(true);
  if (outbox.isPending) return <p className="text-sm text-slate-400">Loading outbox…</p>;
  if (outbox.isError) return <p className="text-sm text-slate-400">The outbox is not available right now.</p>;
  if (outbox.data.messages.length === 0) return <p className="text-sm text-slate-400">No Discord messages yet.</p>;
  return (
    <ul className="grid max-h-80 gap-2 overflow-y-auto">
      {outbox.data.messages.map((m) => (
        <li key={m.id} className="rounded-lg border border-ink-700 bg-ink-950 p-3">
          <p className="text-xs text-slate-400">
            {formatUtc(m.createdAt)} · {m.scriptId ?? 'system'} · {m.status}
            {m.error ? ` · ${m.error}` : ''}
          </p>
          <pre className="mt-1 whitespace-pre-wrap break-words font-mono text-xs text-slate-200">{m.content}</pre>
        </li>
      ))}
    </ul>
  );
}

const HOUR = 3_600_000;

function formatCount(n: number, noun: string): string {
  return `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
}

/** The last war snapshot: due at least hourly, so an older one (or a failure) is worth a look. */
function snapshotText(w: SystemResponse['warSnapshots']): { value: string; tone: 'ok' | 'warn' | 'muted' } {
  if (w.lastError) return { value: `Failing: ${w.lastError}`, tone: 'warn' };
  if (!w.lastAt) return { value: 'None yet', tone: 'muted' };
  const stale = Date.now() - new Date(w.lastAt).getTime() > 2 * HOUR;
  return { value: `Last ${formatUtc(w.lastAt)}`, tone: stale ? 'warn' : 'ok' };
}

/** Mode, Clash Royale API, war snapshots, Discord and mail at a glance; the outbox is viewable here. */
export function SystemCard() {
  const system = useSystem();
  const [showOutbox, setShowOutbox] = useState(false);
  if (!system.data) return null;
  const s = system.data;
  const api = apiText(s.clashRoyaleApi);
  const snapshots = snapshotText(s.warSnapshots);
  return (
    <Panel
      title="System"
      icon={Server}
      labelId="system-card"
      action={
        <GhostButton aria-expanded={showOutbox} aria-controls="discord-outbox" onClick={() => setShowOutbox((v) => !v)}>
          {showOutbox ? 'Hide Discord messages' : 'View Discord messages'}
        </GhostButton>
      }
    >
      <dl className="grid grid-cols-2 gap-2 lg:grid-cols-7">
        <Item label="Version" value={`ClanOps ${s.version}`} tone="muted" />
        <Item
          label="Mode"
          value={s.mode === 'demo' ? 'Demo (simulated clan)' : `Live · ${s.clanTag}`}
          tone={s.mode === 'demo' ? 'warn' : 'ok'}
        />
        <Item label="Clash Royale API" value={api.value} tone={api.tone} />
        <Item label="War snapshots" value={snapshots.value} tone={snapshots.tone} />
        <Item
          label="Discord"
          value={
            s.discord !== 'webhook'
              ? 'Outbox (no webhook)'
              : s.stored.undelivered > 0
                ? `Webhook · ${formatCount(s.stored.undelivered, 'message')} waiting`
                : 'Webhook configured'
          }
          tone={s.discord !== 'webhook' ? 'muted' : s.stored.undelivered > 0 ? 'warn' : 'ok'}
        />
        <Item
          label="Mail"
          value={s.mail === 'smtp' ? 'SMTP configured' : 'Server log (no SMTP)'}
          tone={s.mail === 'smtp' ? 'ok' : 'muted'}
        />
        <Item
          label="Alerts"
          value={s.openAlerts === 0 ? 'None open' : `${s.openAlerts} open`}
          tone={s.openAlerts === 0 ? 'ok' : 'warn'}
        />
      </dl>
      {s.discordCommands ? <RegisterCommands /> : null}
      {upstreamUsageLines(s.clashRoyaleApi).map((line) => (
        <p key={line} data-testid="upstream-usage" className="mt-3 text-xs text-slate-300">
          {line}
        </p>
      ))}
      <p className="mt-3 text-xs text-slate-400">
        Stored: {formatCount(s.stored.scriptRuns, 'run')} (older than {s.stored.retentionDays.runs} days are pruned
        beyond the newest 100 per script) · {formatCount(s.stored.discordMessages, 'Discord message')} (delivered ones
        kept {s.stored.retentionDays.discordMessages} days) · {formatCount(s.stored.alerts, 'alert')} (acknowledged ones
        kept {s.stored.retentionDays.alerts} days) · {formatCount(s.stored.warSnapshots, 'war snapshot')} (kept 21 days)
      </p>
      {s.warnings.length > 0 ? (
        <ul aria-label="Configuration warnings" className="mt-3 grid gap-2">
          {s.warnings.map((w) => (
            <li key={w}>
              <Banner kind="error">{w}</Banner>
            </li>
          ))}
        </ul>
      ) : null}
      {showOutbox ? (
        <div id="discord-outbox" className="mt-4">
          <Outbox />
        </div>
      ) : null}
    </Panel>
  );
}
