import type { DeckSource } from './attacks.js';
import type { SimCalendar } from './calendar.js';
import { ClanPayloads, type ClanIdentity } from './clan-payloads.js';
import { SimLedger } from './ledger.js';
import { RaceModel } from './race.js';
import type { MemberSource } from './roster.js';
import { WarPayloads } from './war-payloads.js';

/** One simulated clan: its members, its race and the payloads and ledger read from them. */
export interface SimClan {
  tag: string;
  name: string;
  members: MemberSource;
  race: RaceModel;
  war: WarPayloads;
  clan: ClanPayloads;
  ledger: SimLedger;
}

/** Builds a clan over its members and decks; `group` salts a family clan's own race group (none: the main clan). */
export function makeSimClan(
  calendar: SimCalendar,
  identity: ClanIdentity,
  members: MemberSource,
  decks: DeckSource,
  group = '',
): SimClan {
  const race = new RaceModel(calendar, identity.tag, identity.name, members, decks, group);
  const war = new WarPayloads(race);
  const clan = new ClanPayloads(calendar, { tag: identity.tag, name: identity.name }, members, decks);
  const ledger = new SimLedger(calendar, members, decks, war, race);
  return { tag: identity.tag, name: identity.name, members, race, war, clan, ledger };
}
