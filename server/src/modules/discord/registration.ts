import type { AppContext } from '../../app-context.js';
import { SLASH_COMMANDS } from './commands.js';
import type { DiscordRest } from './ports.js';

export type Registration = { ok: true; commands: number; scope: 'guild' | 'global' } | { ok: false; reason: string };

const WARNING = 'discord-commands';

/**
 * The slash commands (docs/discord.md §1), at start and from the admin system card's "Register the commands again":
 * one bulk overwrite on the clan's server (idempotent), then the global list emptied, so commands an earlier version
 * registered globally (visible in every server that added the bot) go away. Never throws: a failure is a warning on
 * the system card and in the log until a later registration succeeds.
 */
export async function registerSlashCommands(
  ctx: Pick<AppContext, 'config' | 'log' | 'warnings'>,
  rest: DiscordRest,
): Promise<Registration> {
  const { config, log, warnings } = ctx;
  if (!rest.hasToken) {
    const reason =
      'DISCORD_BOT_TOKEN is not set: the Discord slash commands were not registered, so members cannot see them (docs/discord.md).';
    warnings.raise(WARNING, reason);
    return { ok: false, reason };
  }
  const guildId = config.DISCORD_GUILD_ID!;
  try {
    await rest.registerCommands(SLASH_COMMANDS, guildId);
    await rest.registerCommands([], null);
  } catch (err) {
    const reason = `The Discord slash commands could not be registered: ${err instanceof Error ? err.message : String(err)}`;
    warnings.clear(WARNING);
    warnings.raise(WARNING, `${reason} Register them again from the System card once the cause is fixed.`);
    return { ok: false, reason };
  }
  warnings.clear(WARNING);
  log.info({ commands: SLASH_COMMANDS.length, guildId }, 'discord: slash commands registered, global list cleared');
  return { ok: true, commands: SLASH_COMMANDS.length, scope: 'guild' };
}
