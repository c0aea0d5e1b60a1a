import { useQuery } from '@tanstack/react-query';
import { Castle, Crown, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { familyResponseSchema, type FamilyClan } from '#contracts/admin-family';
import { adminRequest } from '#web/lib/admin-session';
import { ClanScopeContext } from '#web/lib/clan-scope';

/** What the picker chose: one clan (null with a single clan), or the whole family where the tab offers it. */
export interface ClanChoice {
  clan: string | null;
  family: boolean;
}

const FAMILY = 'family';

/**
 * A per-clan admin tab with its clan picker on top (docs/decisions/104-per-clan-webhooks.md), shown only when the
 * family has more than one active clan; every call below carries the chosen clan as `?clan=`.
 */
export function ClanScoped({
  label,
  heading,
  familyOption,
  children,
}: {
  /** what the tab shows, for the picker's label ("War report") */
  label: string;
  /**
   * the tab's heading for screen readers when it has no level-2 heading of its own: its cards' headings are level 3,
   * and with one clan there is no picker heading between them and the page's
   */
  heading?: string;
  /** offer "Whole family" beside the clans */
  familyOption?: string;
  children: (choice: ClanChoice) => ReactNode;
}) {
  const family = useQuery({
    queryKey: ['/api/admin/family'],
    queryFn: ({ signal }) => adminRequest('GET', '/api/admin/family', familyResponseSchema, { signal }),
    staleTime: 0,
  });
  const clans = family.data?.clans ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  // the clans first, so that a family's tab asks for its chosen clan once and a single clan's without `?clan=`
  if (family.isPending)
    return (
      <p className="text-sm text-slate-400" role="status">
        Loading…
      </p>
    );
  if (clans.length < 2)
    return (
      <ClanScopeContext.Provider value={null}>
        {heading ? <h2 className="sr-only">{heading}</h2> : null}
        {children({ clan: null, family: false })}
      </ClanScopeContext.Provider>
    );
  const main = clans.find((c) => c.role === 'main') ?? clans[0]!;
  const current = chosen === FAMILY && familyOption ? FAMILY : (clans.find((c) => c.tag === chosen) ?? main).tag;
  const choice: ClanChoice = current === FAMILY ? { clan: null, family: true } : { clan: current, family: false };
  return (
    <div className="grid grid-cols-1 gap-6">
      <nav aria-label={`Clan shown in ${label}`} className="rounded-xl border border-ink-700 bg-ink-900/80 p-3">
        <h2 className="mb-2 flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-slate-400">
          <Castle className="h-3.5 w-3.5 text-gold-400" aria-hidden />
          {label} for
        </h2>
        <ul className="flex flex-wrap gap-2">
          {clans.map((c) => (
            <li key={c.tag}>
              <PickerButton active={current === c.tag} onClick={() => setChosen(c.tag)} icon={c.role === 'main'}>
                {clanTitle(c)}
              </PickerButton>
            </li>
          ))}
          {familyOption ? (
            <li>
              <PickerButton active={current === FAMILY} onClick={() => setChosen(FAMILY)} family>
                {familyOption}
              </PickerButton>
            </li>
          ) : null}
        </ul>
      </nav>
      <ClanScopeContext.Provider value={choice.clan}>
        <div key={current} className="grid grid-cols-1 gap-6">
          {children(choice)}
        </div>
      </ClanScopeContext.Provider>
    </div>
  );
}

function clanTitle(clan: FamilyClan): ReactNode {
  return (
    <>
      <span className="font-semibold">{clan.name?.trim() || 'Not polled yet'}</span>{' '}
      <span className="font-mono text-xs opacity-80">{clan.tag}</span>
    </>
  );
}

function PickerButton({
  active,
  onClick,
  icon,
  family,
  children,
}: {
  active: boolean;
  onClick: () => void;
  icon?: boolean;
  family?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={`inline-flex min-h-10 items-center gap-1.5 rounded-lg border px-3 py-1.5 text-sm transition-colors focus-ring ${
        active
          ? 'border-gold-400 bg-gold-400 text-ink-950'
          : 'border-ink-700 bg-ink-950 text-slate-200 hover:border-gold-500/60'
      }`}
    >
      {icon ? <Crown className="h-3.5 w-3.5" aria-hidden /> : null}
      {family ? <Users className="h-3.5 w-3.5" aria-hidden /> : null}
      <span>{children}</span>
      {icon ? <span className="sr-only"> (main clan)</span> : null}
    </button>
  );
}
