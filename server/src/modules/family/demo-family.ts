import { addFamilyClan, listClans, removeFamilyClan } from './clans.repository.js';

type DbHandle = Parameters<typeof listClans>[0];

/**
 * The demo's feeder clans (DEMO_FAMILY=1): fixed, valid tags, served by the embedded simulator with the main clan
 * (docs/decisions/103-demo-family-and-public-site.md). Their names are the simulator's ("… Academy", "… Youth").
 */
export const DEMO_FEEDER_TAGS: readonly string[] = ['#8QJ2YLUC', '#9PG2C0QV'];

/** The demo feeders for a main clan (a CLAN_TAG equal to one of them keeps the other). */
export function demoFeeders(mainTag: string): string[] {
  return DEMO_FEEDER_TAGS.filter((tag) => tag !== mainTag);
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
