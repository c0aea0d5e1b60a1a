import { addFamilyClan, listClans, removeFamilyClan } from './clans.repository.js';

type DbHandle = Parameters<typeof listClans>[0];

/**
 * The demo's feeder clans (DEMO_FAMILY=1): fixed, valid tags and names, served by the embedded simulator with the
 * main clan (docs/decisions/103-demo-family-and-public-site.md).
 */
export const DEMO_FEEDERS: readonly { tag: string; name: string }[] = [
  { tag: '#8QJ2YLUC', name: 'Demo Royale Academy' },
  { tag: '#9PG2C0QV', name: 'Demo Royale Youth' },
];
const DEMO_FEEDER_TAGS = DEMO_FEEDERS.map((c) => c.tag);

/** The demo feeders for a main clan (a CLAN_TAG equal to one of them keeps the other). */
export function demoFeeders(mainTag: string): { tag: string; name: string }[] {
  return DEMO_FEEDERS.filter((c) => c.tag !== mainTag);
}

/**
 * Makes the `clans` table follow DEMO_FAMILY in demo mode: the simulated feeders are active when `feeders` lists
 * them, and a demo feeder left from an earlier DEMO_FAMILY=1 start is removed otherwise (its rows stay, as for any
 * removed clan). Returns true when the table changed.
 */
export async function syncDemoFamily(db: DbHandle, feeders: readonly string[], now: Date): Promise<boolean> {
  let changed = false;
  for (const tag of feeders) if (await addFamilyClan(db, tag, now)) changed = true;
  const active = (await listClans(db)).filter((c) => c.role === 'family' && c.removedAt === null);
  for (const clan of active) {
    if (DEMO_FEEDER_TAGS.includes(clan.tag) && !feeders.includes(clan.tag)) {
      if (await removeFamilyClan(db, clan.tag, now)) changed = true;
    }
  }
  return changed;
}
