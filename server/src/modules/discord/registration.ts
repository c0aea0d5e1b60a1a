import type { AppContext } from '../../app-context.js';
import { SLASH_COMMANDS } from './commands.js';
import type { DiscordRest } from './ports.js';

/**
 * The slash commands at start (docs/discord.md §1): one bulk overwrite on the clan's server, then the global list
 * emptied, so commands an earlier version registered globally (visible in every server that added the bot) go away.
 * Never throws: a failure is a warning on the admin system card and in the log; the next start tries again.
 */
export async function registerSlashCommands(
  ctx: Pick<AppContext, 'config' | 'log' | 'warnings'>,
  rest: DiscordRest,
): Promise<void> {
  const { config, log, warnings } = ctx;
  if (!rest.hasToken) {
    warnings.raise(
      'discord-commands',
      'DISCORD_BOT_TOKEN is not set: the Discord slash commands were not registered, so members cannot see them (docs/discord.md).',
    );
    return;
  }
  const guildId = config.DISCORD_GUILD_ID!;
  try {
    await rest.registerCommands(SLASH_COMMANDS, guildId);
    await rest.registerCommands([], null);
    log.info({ commands: SLASH_COMMANDS.length, guildId }, 'discord: slash commands registered, global list cleared');
  } catch (err) {
    warnings.raise(
      'discord-commands',
      `The Discord slash commands could not be registered: ${err instanceof Error ? err.message : String(err)} They are registered again at the next start.`,
    );
  }
}
