import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord-api-types/v10';
import type { AppContext } from '#server/app-context';
import { setNicknameOptout } from '#server/modules/discord-roles/roles.repository';
import { ApplicationCommandOptionType, ApplicationCommandType, InteractionContextType } from './discord-enums.js';
import { noLinkText, ownLinks } from './own-links.js';

export const NICKNAME_MODES = ['keep', 'follow'] as const;
export type NicknameMode = (typeof NICKNAME_MODES)[number];

/** `/nickname keep|follow`: a member keeps their own nickname, or lets it follow the game (docs/discord.md). */
export const NICKNAME_COMMAND: RESTPostAPIChatInputApplicationCommandsJSONBody = {
  name: 'nickname',
  description: 'Keep your own nickname, or let ClanOps set it from your player in the game',
  type: ApplicationCommandType.ChatInput,
  contexts: [InteractionContextType.Guild],
  options: [
    {
      name: 'mode',
      description: 'keep: ClanOps leaves your nickname alone; follow: it follows your player in the game',
      type: ApplicationCommandOptionType.String,
      required: true,
      choices: [
        { name: 'keep my own nickname', value: 'keep' },
        { name: 'follow the game', value: 'follow' },
      ],
    },
  ],
};

const MODE_TEXT: Record<NicknameMode, string> = {
  keep: 'ClanOps will leave your nickname alone. Your roles still follow the game. `/nickname follow` undoes this.',
  follow: 'Your nickname will follow your player in the game (when the server’s rules set nicknames).',
};

/**
 * Stores the member's choice in the opt-out table; only a member with a proven link may choose. `synced` asks for
 * that member's sync at once (the Discord roles), so "follow" sets the nickname without waiting for the next poll.
 */
export async function chooseNickname(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  userId: string,
  mode: NicknameMode,
  synced?: (userId: string) => void,
): Promise<string> {
  const now = ctx.clock.now();
  const { proven, unproven } = await ownLinks(ctx.db.kysely, userId, now);
  if (proven.length === 0) return noLinkText(unproven);
  await setNicknameOptout(ctx.db.kysely, userId, mode === 'keep', now.toISOString());
  synced?.(userId);
  return MODE_TEXT[mode];
}
