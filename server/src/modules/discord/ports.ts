import type { LiveRace } from '../war/projection/from-race.js';
import type { APIApplicationCommand, RESTPostAPIChannelMessageJSONBody } from 'discord-api-types/v10';

/**
 * What the Discord module needs from the outside, typed here so it depends on the data, not on the
 * clients (docs/architecture.md §2): the bot REST client and the Clash Royale client satisfy these.
 */

export type DiscordMessage = RESTPostAPIChannelMessageJSONBody;

export interface DiscordRest {
  readonly hasToken: boolean;
  registerCommands(commands: unknown[], guildId: string | null): Promise<APIApplicationCommand[]>;
  editOriginal(interactionToken: string, message: DiscordMessage): Promise<unknown>;
}

export interface ProfileCard {
  id: number;
  name: string;
}

export interface PlayerProfile {
  tag: string;
  name: string;
  cards: ProfileCard[];
  currentDeck: ProfileCard[];
  currentFavouriteCard: ProfileCard | null;
}

export interface RaceClan {
  tag: string;
  name: string;
  fame: number;
  periodPoints: number;
  finishTime: Date | null;
  participants: { tag: string; fame: number; decksUsed: number; decksUsedToday: number }[];
}

/** The Clash Royale calls the commands make (always fresh, never the public cache). */
export interface GameApi {
  getPlayerWithAge(tag: string): Promise<{ player: PlayerProfile; maxAgeSeconds: number | null }>;
  getCurrentRiverRace(clanTag: string): Promise<{
    periodIndex: number;
    periodType: string;
    sectionIndex: number;
    clan: RaceClan;
    clans: RaceClan[];
    periodLogs: LiveRace['periodLogs'];
  }>;
  getClanMembers(clanTag: string): Promise<{ items: { tag: string; name: string }[] }>;
}

/** A Clash Royale failure as the module reads it (lib/upstream-error.ts). */
export interface RunOutcome {
  status: string;
  message: string;
}
