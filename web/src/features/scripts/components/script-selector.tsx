import { BellRing, CalendarClock, Crown, Swords, type LucideIcon } from 'lucide-react';
import type { ScriptId, ScriptInfo } from '#contracts/admin-scripts';

const ICONS: Record<ScriptId, LucideIcon> = {
  'inactive-players': Swords,
  'river-race-log': CalendarClock,
  'monthly-fame': Crown,
  'war-reminders': BellRing,
};

/** The script list (docs/product.md §2): one card-like button per script. */
export function ScriptSelector({
  scripts,
  selected,
  onSelect,
}: {
  scripts: ScriptInfo[];
  selected: ScriptId;
  onSelect(id: ScriptId): void;
}) {
  return (
    <nav aria-label="Scripts">
      <ul className="grid gap-3 sm:grid-cols-3">
        {scripts.map((s) => {
          const Icon = ICONS[s.id];
          const active = s.id === selected;
          return (
            <li key={s.id}>
              <button
                type="button"
                aria-pressed={active}
                // only the chosen script's panel is on the page
                aria-controls={active ? `script-panel-${s.id}` : undefined}
                onClick={() => onSelect(s.id)}
                className={`flex h-full w-full items-start gap-3 rounded-xl border p-4 text-left transition-colors focus-ring ${
                  active
                    ? 'border-gold-400 bg-gold-400/10 shadow-lg shadow-gold-500/10'
                    : 'border-ink-700 bg-ink-900 hover:border-gold-500/60'
                }`}
              >
                <span className={`rounded-lg p-2 ${active ? 'bg-gold-400 text-ink-950' : 'bg-ink-800 text-gold-400'}`}>
                  <Icon className="h-5 w-5" aria-hidden />
                </span>
                <span className="min-w-0">
                  <span className="block font-display font-bold text-white">{s.name}</span>
                  <span className="block font-mono text-xs text-slate-400">{s.id}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
