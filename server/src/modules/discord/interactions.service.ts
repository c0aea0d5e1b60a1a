import type { APIInteractionResponse } from 'discord-api-types/v10';
import type { AppContext } from '../../app-context.js';
import { AppError, badRequest } from '../../lib/app-error.js';
import type { AbsencesService } from '../members/absences.service.js';
import { REMINDER_MODES, type ReminderMode } from '../reminders/discord-members.repository.js';
import type { BattleDay } from '../war/types.js';
import { BUTTON, LEADER_COMMANDS, MEMBER_COMMANDS } from './commands.js';
import { InteractionResponseType, InteractionType } from './discord-enums.js';
import { cooldown, firstTimeSeen, FOREIGN_SERVER, fromOurServer, MEMBER_COOLDOWN, REMIND_COOLDOWN } from './door.js';
import { callerId, integerOption, interactionSchema, isLeader, stringOption, type Interaction } from './interaction.js';
import { createLeaderCommands } from './leader-commands.js';
import { createLinkCommands, tagOf } from './link.service.js';
import { createMemberCommands } from './member-commands.js';
import { chooseNickname, NICKNAME_MODES, type NicknameMode } from './nickname-command.js';
import { chooseClan } from './clan-choice.js';
import { memoryCommand, type MemoryPort } from './memory-command.js';
import type { DiscordMessage, DiscordRest, GameApi, RunOutcome } from './ports.js';
import { deferred, message, pong, reply, updateMessage } from './replies.js';
import { registerSlashCommands } from './registration.js';
import { checkInteractionSignature, interactionKey, type SignatureCheck } from './signature.js';

export interface DiscordServiceDeps {
  ctx: Pick<AppContext, 'config' | 'db' | 'clock' | 'log' | 'warnings' | 'clans'>;
  /** the bot's REST client; null when the Discord application is not configured */
  rest: DiscordRest | null;
  game: GameApi;
  absences: AbsencesService;
  runReminders: (clanTag: string) => Promise<RunOutcome>;
  /** the leaders' memory (/strike, /note, /history; docs/leaders-memory.md) */
  memory?: MemoryPort;
  /** a member's link was proven or removed (the Discord roles sync that member at once) */
  linked?: (userId: string) => void;
}

const FAILED = 'Something went wrong on ClanOps’ side. Try again in a moment.';

/**
 * Discord interactions over HTTP (docs/discord.md): the signature check, the answer within
 * Discord's 3 seconds (slow work is deferred and its result replaces the "thinking…" answer),
 * and the registration of the slash commands at start.
 */
export function createDiscordService(deps: DiscordServiceDeps) {
  const { config, log } = deps.ctx;
  const rest = deps.rest;
  const enabled = Boolean(config.DISCORD_APPLICATION_ID && config.DISCORD_PUBLIC_KEY && rest);
  const key = enabled ? interactionKey(config.DISCORD_PUBLIC_KEY!) : null;
  const links = createLinkCommands({ ctx: deps.ctx, game: deps.game, linked: deps.linked });
  const members = createMemberCommands({ ctx: deps.ctx, game: deps.game, absences: deps.absences });
  const leaders = createLeaderCommands({ ctx: deps.ctx, absences: deps.absences, runReminders: deps.runReminders });
  const pending = new Set<Promise<void>>();

  /** Runs slow work after the deferred answer and puts its result in place of "thinking…". */
  function later(token: string, work: () => Promise<DiscordMessage>): void {
    const job = (async () => {
      let result: DiscordMessage;
      try {
        result = await work();
      } catch (err) {
        log.error({ err }, 'discord: command failed');
        result = message(FAILED);
      }
      try {
        await rest!.editOriginal(token, result);
      } catch (err) {
        log.warn({ reason: err instanceof Error ? err.message : String(err) }, 'discord: answer not delivered');
      }
    })();
    pending.add(job);
    void job.finally(() => pending.delete(job));
  }

  const text = (work: () => Promise<string>) => async () => message(await work());

  const register = () => registerSlashCommands(deps.ctx, rest!);

  async function command(i: Interaction, user: string): Promise<APIInteractionResponse> {
    const name = i.data?.name ?? '';
    const leader = isLeader(i, config.DISCORD_LEADER_ROLE_ID);
    if (LEADER_COMMANDS.has(name) && !leader) {
      return reply(`Only clan leaders can use \`/${name}\`: it needs the leader role or the Manage Server permission.`);
    }
    const policy = MEMBER_COMMANDS.has(name) ? MEMBER_COOLDOWN : name === 'remind' ? REMIND_COOLDOWN : null;
    const wait = policy ? await cooldown(deps.ctx, policy, user) : null;
    if (wait) return reply(wait);
    switch (name) {
      case 'link': {
        const tag = tagOf(stringOption(i, 'tag'));
        if (!tag) return reply('That is not a player tag. Tags look like #2PQ8L0C (your profile in the game).');
        later(i.token, () => links.link(user, tag));
        return deferred();
      }
      case 'unlink': {
        const raw = stringOption(i, 'tag');
        const tag = raw === undefined ? null : tagOf(raw);
        if (raw !== undefined && !tag) return reply('That is not a player tag such as #2PQ8L0C.');
        return reply(await links.unlink(user, tag));
      }
      case 'me':
        return reply(await members.me(user));
      case 'war': {
        const choice = await chooseClan(deps.ctx, stringOption(i, 'clan'), user);
        if ('problem' in choice) return reply(choice.problem);
        later(
          i.token,
          text(() => members.war(choice.clan.tag)),
        );
        return deferred({ open: true });
      }
      case 'reminders': {
        const mode = stringOption(i, 'mode');
        if (!(REMINDER_MODES as readonly string[]).includes(mode ?? '')) return reply('Choose dm, channel or off.');
        return reply(await members.reminders(user, mode as ReminderMode));
      }
      case 'nickname': {
        const mode = stringOption(i, 'mode');
        if (!(NICKNAME_MODES as readonly string[]).includes(mode ?? '')) return reply('Choose keep or follow.');
        return reply(await chooseNickname(deps.ctx, user, mode as NicknameMode, deps.linked));
      }
      case 'inactive': {
        const day = integerOption(i, 'day');
        if (day !== undefined && (day < 1 || day > 4)) return reply('A battle day is 1, 2, 3 or 4.');
        const choice = await chooseClan(deps.ctx, stringOption(i, 'clan'), user);
        if ('problem' in choice) return reply(choice.problem);
        return reply(await leaders.inactive((day ?? null) as BattleDay | null, choice.clan));
      }
      case 'remind': {
        const choice = await chooseClan(deps.ctx, stringOption(i, 'clan'), user);
        if ('problem' in choice) return reply(choice.problem);
        later(
          i.token,
          text(() => leaders.remind(choice.clan)),
        );
        return deferred();
      }
      case 'away': {
        const reason = stringOption(i, 'reason')?.trim();
        return reply(
          await leaders.away({
            callerId: user,
            leader,
            from: stringOption(i, 'from') ?? '',
            to: stringOption(i, 'to') ?? '',
            reason: reason ? reason : null,
            memberId: stringOption(i, 'member') ?? null,
            tag: stringOption(i, 'tag') ?? null,
          }),
        );
      }
      case 'strike':
      case 'note':
      case 'history': {
        if (!deps.memory) return reply('The leaders’ memory is not available.');
        return reply(await memoryCommand(deps.memory, name, i, user, deps.ctx.clans.main.tag));
      }
      case 'absences': {
        const list = await leaders.absences();
        return reply(list.content, { rows: list.rows });
      }
      default:
        return reply('ClanOps does not know that command. Its commands are listed when you type /.');
    }
  }

  async function button(i: Interaction, user: string): Promise<APIInteractionResponse> {
    const id = i.data?.custom_id ?? '';
    if (id.startsWith(BUTTON.verifyLink)) {
      const tag = tagOf(id.slice(BUTTON.verifyLink.length));
      if (!tag) return reply('That button is out of date. Run `/link` again.');
      const wait = await cooldown(deps.ctx, MEMBER_COOLDOWN, user);
      if (wait) return reply(wait);
      later(i.token, () => links.verify(user, tag));
      return deferred();
    }
    const approve = id.startsWith(BUTTON.approveAbsence);
    if (approve || id.startsWith(BUTTON.rejectAbsence)) {
      if (!isLeader(i, config.DISCORD_LEADER_ROLE_ID)) {
        return reply('Only clan leaders can approve or reject absences.');
      }
      const absenceId = Number(id.slice((approve ? BUTTON.approveAbsence : BUTTON.rejectAbsence).length));
      if (!Number.isInteger(absenceId) || absenceId < 1) return reply('That button is out of date.');
      const out = await leaders.decide(absenceId, approve, user);
      return updateMessage(out.content, out.rows);
    }
    return reply('That button is out of date.');
  }

  return {
    /** false without DISCORD_APPLICATION_ID and DISCORD_PUBLIC_KEY: the endpoint answers 404. */
    enabled,

    verify(signature: string | undefined, timestamp: string | undefined, raw: Buffer): SignatureCheck {
      if (!key) return 'missing';
      return checkInteractionSignature(key, signature, timestamp, raw, deps.ctx.clock.now());
    },

    /** The answer to a verified interaction (its body as received). */
    async handle(raw: Buffer): Promise<APIInteractionResponse> {
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw badRequest('The interaction is not JSON.', 'INVALID_JSON');
      }
      const parsed = interactionSchema.safeParse(body);
      if (!parsed.success) throw badRequest('The interaction is not one ClanOps understands.', 'BAD_INTERACTION');
      const i = parsed.data;
      if (!(await firstTimeSeen(deps.ctx, i))) {
        throw new AppError(401, 'REPLAYED_INTERACTION', 'This interaction was already received.');
      }
      if (i.type === InteractionType.Ping) return pong();
      if (!fromOurServer(deps.ctx, i)) return reply(FOREIGN_SERVER);
      // ClanOps offers no suggestions: an empty list, not a message Discord would not show.
      if (i.type === InteractionType.ApplicationCommandAutocomplete) {
        return { type: InteractionResponseType.ApplicationCommandAutocompleteResult, data: { choices: [] } };
      }
      const user = callerId(i);
      if (!user) return reply('ClanOps cannot tell who you are.');
      if (i.type === InteractionType.ApplicationCommand) return command(i, user);
      if (i.type === InteractionType.MessageComponent) return button(i, user);
      return reply('ClanOps does not handle that kind of interaction.');
    },

    /**
     * One bulk overwrite of the slash commands (idempotent). Never throws: a failure is a
     * warning on the admin system card and in the log; the next start tries again.
     */
    registerCommands(): Promise<void> {
      if (!enabled) return Promise.resolve();
      const job = register().then(() => undefined);
      pending.add(job);
      void job.finally(() => pending.delete(job));
      return job;
    },

    /** The admin's "Register the commands again": the same overwrite now, its outcome as the answer. */
    async registerCommandsNow(): Promise<{ commands: number; scope: 'guild' | 'global' }> {
      if (!enabled)
        throw badRequest(
          'The Discord application is not set up: set DISCORD_APPLICATION_ID and DISCORD_PUBLIC_KEY (docs/discord.md).',
          'DISCORD_OFF',
        );
      const done = await register();
      if (!done.ok) throw new AppError(502, 'DISCORD_REGISTRATION_FAILED', done.reason);
      return { commands: done.commands, scope: done.scope };
    },

    /** Waits for the registration and the deferred answers still being worked on (shutdown, tests). */
    async idle(): Promise<void> {
      await Promise.allSettled([...pending]);
    },
  };
}

export type DiscordService = ReturnType<typeof createDiscordService>;
