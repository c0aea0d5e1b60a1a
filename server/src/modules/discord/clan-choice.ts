import type { AppContext } from '#server/app-context';
import { normaliseClanTag } from '#server/lib/clan-tag';
import type { FamilyClan } from '#server/modules/family/clans.repository';
import { listMemberStints } from '#server/modules/members/member-stints.repository';
import { linksOfUser } from '#server/modules/reminders/discord-links.repository';
import { discordName } from '#server/modules/war/discord-text';

type Deps = Pick<AppContext, 'db' | 'clans'>;

export type ClanChoice = { clan: FamilyClan } | { problem: string };

/** How a clan is named in an answer: its name from the game, else its tag. */
export function clanLabel(clan: FamilyClan): string {
  return clan.name ? `${discordName(clan.name)} (${clan.tag})` : clan.tag;
}

/** The first line of an answer about one clan, when the family has several (one clan: nothing changes). */
export function clanHeading(deps: Pick<Deps, 'clans'>, clan: FamilyClan): string {
  return deps.clans.active().length > 1 ? `__${clanLabel(clan)}__\n` : '';
}

/** A `clan` option as typed: a family clan's tag (any case, with or without #) or its name. */
function byOption(deps: Deps, raw: string): ClanChoice {
  const typed = raw.trim();
  const tag = normaliseClanTag(typed);
  const active = deps.clans.active();
  const found =
    (tag ? deps.clans.resolve(tag) : null) ??
    active.find((c) => c.name !== null && c.name.trim().toLowerCase() === typed.toLowerCase()) ??
    null;
  if (found) return { clan: found };
  return {
    problem: `${tag ?? discordName(typed)} is not a clan of this family. Its clans: ${active.map(clanLabel).join(', ')}.`,
  };
}

/** The active family clan one of these players is in now (the newest open stint), if any. */
async function openClanOf(deps: Deps, playerTags: readonly string[]): Promise<FamilyClan | null> {
  const stints = (await Promise.all(playerTags.map((tag) => listMemberStints(deps.db.kysely, tag)))).flat();
  const open = stints
    .filter((s) => s.leftAt === null)
    .sort((a, b) => b.firstSeenAt.getTime() - a.firstSeenAt.getTime());
  for (const s of open) {
    const clan = deps.clans.resolve(s.clanTag);
    if (clan) return clan;
  }
  return null;
}

/**
 * The clan a command is about (docs/discord.md, "A clan family"): the `clan` option when given, else the clan the
 * caller's proven player is in now, else the main clan. With one clan it is always the main clan.
 */
export async function chooseClan(deps: Deps, option: string | undefined, userId: string): Promise<ClanChoice> {
  if (option !== undefined && option.trim() !== '') return byOption(deps, option);
  if (deps.clans.active().length === 1) return { clan: deps.clans.main };
  const linked = (await linksOfUser(deps.db.kysely, userId, { proven: true })).map((l) => l.tag);
  return { clan: (await openClanOf(deps, linked)) ?? deps.clans.main };
}

/** The clan one player is in now (their newest open stint in an active clan), else the main clan. */
export async function clanOfPlayer(deps: Deps, playerTag: string): Promise<FamilyClan> {
  if (deps.clans.active().length === 1) return deps.clans.main;
  return (await openClanOf(deps, [playerTag])) ?? deps.clans.main;
}
