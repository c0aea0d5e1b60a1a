import { Crown } from 'lucide-react';
import type { FamilyClan } from '#contracts/admin-family';
import { GhostButton } from '#web/ui/panel';
import { clanLabel, clanName, formatAddedOn } from '../lib/family-view';
import { ClanWebhook } from './clan-webhook';

/** One clan of the family: name (or "Not polled yet"), tag, the day it was added, its Discord webhook; "Remove" for a family clan. */
export function ClanRow({ clan, onRemove }: { clan: FamilyClan; onRemove: (clan: FamilyClan) => void }) {
  const main = clan.role === 'main';
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-ink-800 py-3 last:border-b-0">
      <div className="min-w-0 flex-1">
        <p className={`truncate text-sm font-semibold ${clan.name ? 'text-slate-100' : 'italic text-slate-400'}`}>
          {clanName(clan)}
        </p>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-400">
          {main ? (
            <span className="inline-flex items-center gap-1 rounded-full border border-gold-400/60 bg-gold-400/10 px-2 py-px font-semibold text-gold-300">
              <Crown className="h-3 w-3" aria-hidden />
              Main clan · <span className="font-mono">{clan.tag}</span>
            </span>
          ) : (
            <span className="font-mono text-slate-300">{clan.tag}</span>
          )}
          <span>Added {formatAddedOn(clan.addedAt)}</span>
        </p>
      </div>
      {main ? (
        <p className="text-xs text-slate-400">Set by CLAN_TAG</p>
      ) : (
        <div className="shrink-0">
          <GhostButton onClick={() => onRemove(clan)} aria-label={`Remove ${clanLabel(clan)} from the family`}>
            Remove
          </GhostButton>
        </div>
      )}
      <div className="basis-full">
        <ClanWebhook clan={clan} />
      </div>
    </li>
  );
}
