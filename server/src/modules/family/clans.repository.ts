import type { DbHandle } from '#server/db/handle';

export interface FamilyClan {
  tag: string;
  /** as last seen in the game; null until first polled */
  name: string | null;
  role: 'main' | 'family';
  /** display order, 0 for the main clan; also its polling phase */
  position: number;
  addedAt: string;
  /** null while the clan is in the family */
  removedAt: string | null;
  /** the clan's own Discord webhook, sealed (clan-webhooks.ts); null: none */
  webhookSealed: string | null;
  /** the leaders' log channel webhook, sealed the same way; null: the clan log is not posted */
  logWebhookSealed: string | null;
}

export async function listClans(db: DbHandle): Promise<FamilyClan[]> {
  const rows = await db.selectFrom('clans').selectAll().orderBy('position').orderBy('tag').execute();
  return rows.map((r) => ({
    tag: r.tag,
    name: r.name,
    role: r.role === 'main' ? 'main' : 'family',
    position: r.position,
    addedAt: r.added_at,
    removedAt: r.removed_at,
    webhookSealed: r.webhook_url,
    logWebhookSealed: r.log_webhook_url,
  }));
}

/**
 * Makes `mainTag` the main clan (docs/decisions/100-clan-family-data-model.md): a former main clan becomes a removed
 * family clan, its rows kept and still its own, so a changed CLAN_TAG never mixes two clans' data. One transaction;
 * idempotent, and two instances starting together agree (the partial unique index allows one main row).
 */
export async function makeMainClan(db: DbHandle, mainTag: string, now: Date): Promise<void> {
  const at = now.toISOString();
  const current = await db.selectFrom('clans').select(['tag', 'role']).where('role', '=', 'main').executeTakeFirst();
  if (current?.tag === mainTag) return;
  if (current) {
    const last = await db
      .selectFrom('clans')
      .select((eb) => eb.fn.max('position').as('position'))
      .executeTakeFirst();
    await db
      .updateTable('clans')
      .set({ role: 'family', removed_at: at, position: Number(last?.position ?? 0) + 1 })
      .where('tag', '=', current.tag)
      .execute();
  }
  await db
    .insertInto('clans')
    .values({ tag: mainTag, name: null, role: 'main', position: 0, added_at: at, removed_at: null, webhook_url: null })
    .onConflict((oc) => oc.column('tag').doUpdateSet({ role: 'main', position: 0, removed_at: null }))
    .execute();
}

/**
 * Adds a family clan at the end of the order, or brings a removed one back (its rows were kept). Returns false when
 * the clan is already in the family.
 */
export async function addFamilyClan(db: DbHandle, tag: string, now: Date): Promise<boolean> {
  const existing = await db
    .selectFrom('clans')
    .select(['role', 'removed_at'])
    .where('tag', '=', tag)
    .executeTakeFirst();
  if (existing && existing.removed_at === null) return false;
  const last = await db
    .selectFrom('clans')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  const position = Number(last?.position ?? 0) + 1;
  await db
    .insertInto('clans')
    .values({
      tag,
      name: null,
      role: 'family',
      position,
      added_at: now.toISOString(),
      removed_at: null,
      webhook_url: null,
    })
    .onConflict((oc) => oc.column('tag').doUpdateSet({ removed_at: null, position, added_at: now.toISOString() }))
    .execute();
  return true;
}

/** Marks a family clan removed (its rows stay); false when it is not an active family clan. */
export async function removeFamilyClan(db: DbHandle, tag: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('clans')
    .set({ removed_at: now.toISOString() })
    .where('tag', '=', tag)
    .where('role', '=', 'family')
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The clan's name as the game shows it, kept from each war poll (the Family tab and the family page show it). */
export async function nameClan(db: DbHandle, tag: string, name: string): Promise<void> {
  await db
    .updateTable('clans')
    .set({ name })
    .where('tag', '=', tag)
    .where((eb) => eb.or([eb('name', 'is', null), eb('name', '!=', name)]))
    .execute();
}

/** Stores a clan's webhook, already sealed, or clears it (null); false when no such clan. */
export async function setClanWebhook(db: DbHandle, tag: string, sealed: string | null): Promise<boolean> {
  const result = await db.updateTable('clans').set({ webhook_url: sealed }).where('tag', '=', tag).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Stores a clan's log channel webhook, already sealed, or clears it (null); false when no such clan. */
export async function setClanLogWebhook(db: DbHandle, tag: string, sealed: string | null): Promise<boolean> {
  const result = await db
    .updateTable('clans')
    .set({ log_webhook_url: sealed })
    .where('tag', '=', tag)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
