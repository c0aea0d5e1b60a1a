import { badRequest, notFound } from '#server/lib/app-error';
import { normaliseClanTag } from '#server/lib/clan-tag';
import { readSetting, writeSetting } from '#server/modules/settings/app-settings.repository';
import { addFamilyClan, listClans, makeMainClan, type FamilyClan } from './clans.repository.js';

const SEEDED = 'family.seeded_at';

type DbHandle = Parameters<typeof listClans>[0];

/**
 * The clans of this ClanOps as the `clans` table holds them (docs/decisions/100-clan-family-data-model.md): the main
 * clan (CLAN_TAG) and the family clans the admin added. Read at start and reloaded after an edit.
 */
export class ClanDirectory {
  private constructor(private clans: FamilyClan[]) {}

  static async load(db: DbHandle): Promise<ClanDirectory> {
    const directory = new ClanDirectory([]);
    await directory.reload(db);
    return directory;
  }

  async reload(db: DbHandle): Promise<void> {
    const clans = await listClans(db);
    if (!clans.some((c) => c.role === 'main')) throw new Error('The clans table has no main clan');
    this.clans = clans;
  }

  get main(): FamilyClan {
    return this.clans.find((c) => c.role === 'main')!;
  }

  /** The clans in the family now, the main clan first. */
  active(): FamilyClan[] {
    return this.clans.filter((c) => c.removedAt === null);
  }

  /** The clan an admin call's `?clan=` names (any case, with or without #), the main clan when absent; 400/404 otherwise. */
  fromQuery(query: string | undefined): string {
    if (query === undefined || query.trim() === '') return this.main.tag;
    const tag = normaliseClanTag(query);
    if (!tag) throw badRequest('clan: that is not a clan tag such as #2PQ8L0C.', 'INVALID_TAG');
    if (!this.resolve(tag)) throw notFound(`${tag} is not a clan of this family.`);
    return tag;
  }

  /** Every clan of this ClanOps, removed ones too (their rows stay), the main clan first. */
  all(): FamilyClan[] {
    return [...this.clans];
  }

  /** An active clan by its normalised tag, or null. */
  resolve(tag: string): FamilyClan | null {
    return this.active().find((c) => c.tag === tag) ?? null;
  }
}

/**
 * At start: CLAN_TAG is the main clan (a former one is kept as a removed family clan); on a fresh install
 * FAMILY_CLAN_TAGS seeds the family once (the Family tab edits it from then on). `seedIgnored` is true when tags were
 * given but the family was seeded before, or the install was upgraded with data of its own.
 */
export async function syncClans(
  db: DbHandle,
  mainTag: string,
  familyTags: readonly string[],
  now: Date,
): Promise<{ clans: ClanDirectory; seedIgnored: boolean }> {
  await makeMainClan(db, mainTag, now);
  let seedIgnored = false;
  if (familyTags.length > 0) {
    if (await readSetting(db, SEEDED)) seedIgnored = true;
    else for (const tag of familyTags) if (tag !== mainTag) await addFamilyClan(db, tag, now);
  }
  if (!(await readSetting(db, SEEDED))) await writeSetting(db, SEEDED, now.toISOString());
  return { clans: await ClanDirectory.load(db), seedIgnored };
}
