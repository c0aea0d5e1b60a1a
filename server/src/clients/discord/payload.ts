/**
 * Pure webhook payload builders (docs/clash-royale-api.md §10). Lengths are UTF-16 code units, as Discord
 * counts them and as JS `.length` does.
 */
export const DISCORD_LIMITS = {
  content: 2000,
  embedsPerMessage: 10,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  author: 256,
  embedTotal: 6000,
  username: 80,
} as const;

export interface DiscordEmbedField {
  name: string;
  value: string;
  inline?: boolean;
}

export interface DiscordEmbed {
  title?: string;
  description?: string;
  url?: string;
  color?: number;
  timestamp?: string;
  fields?: DiscordEmbedField[];
  footer?: { text: string };
  author?: { name: string };
}

/** A message as scripts build it, before splitting to Discord's limits. */
export interface DiscordMessage {
  content?: string;
  /** repeated at the top of every part after the first when `content` must be split */
  header?: string;
  embeds?: DiscordEmbed[];
  username?: string;
  /** the template and values it was rendered from (docs/reminders.md "Templates"); never sent */
  template?: { id: string; values: Record<string, string> };
  /** the only users it may ping, each written as <@id> in the text (docs/reminders.md "Links") */
  mentionUsers?: string[];
  /** where it goes: the clan's webhook (unset) or a member's direct messages (`dm:<Discord user id>`); never sent */
  destination?: string;
  /** ISO instant after which it is dropped, not sent late (a reminder counting down to a reset); never sent */
  expiresAt?: string;
}

/** What is POSTed: always with `allowed_mentions`, so a name containing `@everyone` pings no one. */
export interface WebhookPayload {
  content?: string;
  embeds?: DiscordEmbed[];
  username?: string;
  allowed_mentions: { parse: []; users?: string[] };
}

const ELLIPSIS = '…';

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : text.slice(0, max - 1) + ELLIPSIS;
}

/** Splits text into chunks of at most `max`, preferring line breaks, then spaces. */
export function splitText(text: string, max: number): string[] {
  const chunks: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const window = rest.slice(0, max + 1);
    let cut = window.lastIndexOf('\n');
    if (cut <= 0) cut = window.lastIndexOf(' ');
    if (cut <= 0) cut = max;
    // never cut inside a surrogate pair
    if (/[\uD800-\uDBFF]/.test(rest.charAt(cut - 1))) cut -= 1;
    chunks.push(rest.slice(0, cut));
    rest = rest.slice(cut).replace(/^[\n ]/, '');
  }
  if (rest.length > 0 || chunks.length === 0) chunks.push(rest);
  return chunks;
}

export function embedLength(embed: DiscordEmbed): number {
  let n = (embed.title?.length ?? 0) + (embed.description?.length ?? 0);
  n += (embed.footer?.text.length ?? 0) + (embed.author?.name.length ?? 0);
  for (const f of embed.fields ?? []) n += f.name.length + f.value.length;
  return n;
}

/** One embed within every per-embed limit: labels truncated, long text split into more embeds. */
export function fitEmbed(embed: DiscordEmbed): DiscordEmbed[] {
  const base: DiscordEmbed = { ...embed, fields: undefined, description: undefined };
  if (base.title !== undefined) base.title = truncate(base.title, DISCORD_LIMITS.title);
  if (base.footer) base.footer = { text: truncate(base.footer.text, DISCORD_LIMITS.footer) };
  if (base.author) base.author = { name: truncate(base.author.name, DISCORD_LIMITS.author) };

  const descriptions = embed.description ? splitText(embed.description, DISCORD_LIMITS.description) : [];
  const fields: DiscordEmbedField[] = [];
  for (const f of embed.fields ?? []) {
    const name = truncate(f.name || '\u200b', DISCORD_LIMITS.fieldName);
    splitText(f.value || '\u200b', DISCORD_LIMITS.fieldValue).forEach((value, i) =>
      fields.push({
        name: i === 0 ? name : truncate(`${name} (cont.)`, DISCORD_LIMITS.fieldName),
        value,
        inline: f.inline,
      }),
    );
  }

  const out: DiscordEmbed[] = [];
  const first = (): boolean => out.length === 0;
  const shell = (): DiscordEmbed => (first() ? { ...base } : { color: base.color });
  for (const description of descriptions) out.push({ ...shell(), description });
  for (const field of fields) {
    const last = out.at(-1);
    const size = field.name.length + field.value.length;
    if (
      last &&
      (last.fields?.length ?? 0) < DISCORD_LIMITS.fields &&
      embedLength(last) + size <= DISCORD_LIMITS.embedTotal
    ) {
      last.fields = [...(last.fields ?? []), field];
    } else out.push({ ...shell(), fields: [field] });
  }
  if (out.length === 0) out.push(base);
  return out.map(clean);
}

function clean(embed: DiscordEmbed): DiscordEmbed {
  return Object.fromEntries(Object.entries(embed).filter(([, v]) => v !== undefined)) as DiscordEmbed;
}

/**
 * Splits one message into payloads that Discord accepts: content ≤ 2000, ≤ 10 embeds and
 * ≤ 6000 embed characters per payload, every payload with `allowed_mentions: { parse: [] }`.
 */
export function toWebhookPayloads(message: DiscordMessage): WebhookPayload[] {
  const username = message.username ? truncate(message.username, DISCORD_LIMITS.username) : undefined;
  const make = (p: Omit<WebhookPayload, 'allowed_mentions'>): WebhookPayload => {
    const payload: WebhookPayload = { ...p, allowed_mentions: allowedMentions(p.content, message.mentionUsers) };
    if (username) payload.username = username;
    return payload;
  };

  const contents = message.content ? splitContent(message.content, message.header) : [];
  const batches: DiscordEmbed[][] = [];
  let batch: DiscordEmbed[] = [];
  let total = 0;
  for (const embed of (message.embeds ?? []).flatMap(fitEmbed)) {
    const len = embedLength(embed);
    if (
      batch.length === DISCORD_LIMITS.embedsPerMessage ||
      (batch.length > 0 && total + len > DISCORD_LIMITS.embedTotal)
    ) {
      batches.push(batch);
      batch = [];
      total = 0;
    }
    batch.push(embed);
    total += len;
  }
  if (batch.length > 0) batches.push(batch);

  const payloads = contents.map((content) => make({ content }));
  const [firstBatch, ...restBatches] = batches;
  const lastContent = payloads.at(-1);
  if (firstBatch && lastContent) lastContent.embeds = firstBatch;
  else if (firstBatch) payloads.push(make({ embeds: firstBatch }));
  for (const b of restBatches) payloads.push(make({ embeds: b }));
  return payloads;
}

/**
 * Nothing pings but the users the message names on purpose, and only in the part that mentions
 * them: roles, @everyone and @here never (`parse: []`).
 */
function allowedMentions(content: string | undefined, users: string[] | undefined): WebhookPayload['allowed_mentions'] {
  if (!users || users.length === 0) return { parse: [] };
  return { parse: [], users: users.filter((id) => content?.includes(`<@${id}>`)).slice(0, 100) };
}

/** Content parts within the limit; with a header, parts after the first start with it again. */
function splitContent(content: string, header: string | undefined): string[] {
  if (!header || content.length <= DISCORD_LIMITS.content) return splitText(content, DISCORD_LIMITS.content);
  const again = `${truncate(header, 200)} (continued)\n`;
  const parts = splitText(content, DISCORD_LIMITS.content - again.length);
  return parts.map((part, i) => (i === 0 ? part : again + part));
}

/** A plain-text message (names must already be made safe by the caller's text helpers). */
export function textMessage(content: string): DiscordMessage {
  return { content };
}

/** The text a person reads: content plus embed titles and descriptions (history and outbox). */
export function messageText(message: DiscordMessage): string {
  const parts: string[] = [];
  if (message.content) parts.push(message.content);
  for (const e of message.embeds ?? []) {
    if (e.title) parts.push(e.title);
    if (e.description) parts.push(e.description);
    for (const f of e.fields ?? []) parts.push(`${f.name}\n${f.value}`);
  }
  return parts.join('\n\n');
}
