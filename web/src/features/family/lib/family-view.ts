import type { FamilyClan } from '#contracts/admin-family';

const day = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });

/** "2026-03-04T10:00:00.000Z" → "Mar 4, 2026" (UTC, as every date of the admin panel). */
export function formatAddedOn(iso: string): string {
  return day.format(new Date(iso));
}

/** The clan's name as last seen in the game, or what stands in for it before the first poll. */
export function clanName(clan: Pick<FamilyClan, 'name'>): string {
  return clan.name?.trim() || 'Not polled yet';
}

/** What a button or dialog calls the clan: its name and tag, or the tag alone before the first poll. */
export function clanLabel(clan: Pick<FamilyClan, 'name' | 'tag'>): string {
  const name = clan.name?.trim();
  return name ? `${name} (${clan.tag})` : clan.tag;
}

/** "3 of 10 clans" (the main clan counted). */
export function familyCount(count: number, max: number): string {
  return `${count} of ${max} ${max === 1 ? 'clan' : 'clans'}`;
}

/** The clans in the order the server keeps: the main clan first, then by position. */
export function inFamilyOrder(clans: readonly FamilyClan[]): FamilyClan[] {
  return [...clans].sort((a, b) => (a.role === b.role ? a.position - b.position : a.role === 'main' ? -1 : 1));
}

/** What the Family tab says of a clan's webhook: never the URL, only where messages go. */
export function webhookText(clan: Pick<FamilyClan, 'role' | 'webhook'>): string {
  const hook = clan.webhook;
  if (!hook)
    return clan.role === 'main'
      ? 'No Discord webhook: messages stay in the outbox.'
      : 'No Discord webhook: this clan’s messages stay in its outbox.';
  if (!hook.readable) return 'The stored webhook cannot be read with the current signing key: set it again.';
  const where = `${hook.host} · webhook ${hook.webhookId}`;
  return hook.source === 'config' ? `Posts to DISCORD_WEBHOOK_URL (${where})` : `Posts to its own webhook (${where})`;
}
