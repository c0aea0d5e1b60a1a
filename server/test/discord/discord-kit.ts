import type { AddressInfo } from 'node:net';
import type { Engine } from '../../src/db/database.js';
import { startDiscordStandIn, type DiscordStandIn } from '../helpers/discord-stand-in.js';
import { warTimeline, type TimelineOptions, type WarTimeline } from '../helpers/war-timeline.js';

export interface DiscordKit {
  w: WarTimeline;
  discord: DiscordStandIn;
  /** the app's own URL (it listens on a loopback port: interactions arrive over real HTTP) */
  url: string;
  /** signs and posts an interaction at the app clock's time (or `at`) */
  send(
    payload: unknown,
    options?: { at?: Date; tamper?: (body: string) => string; signature?: boolean; contentType?: string },
  ): Promise<{
    status: number;
    body: Record<string, unknown>;
  }>;
  close(): Promise<void>;
}

/** The whole app over a simulator of its own, with the Discord stand-in as Discord. */
export async function discordKit(
  engine: Engine,
  start: string,
  options: TimelineOptions & { discordEnv?: Record<string, string>; before?: (d: DiscordStandIn) => void } = {},
): Promise<DiscordKit> {
  const discord = await startDiscordStandIn();
  options.before?.(discord);
  const w = await warTimeline(engine, start, {
    ...options,
    env: { ...discord.env(options.discordEnv), ...options.env },
  });
  await w.t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = w.t.app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    w,
    discord,
    url,
    send: (payload, o = {}) => discord.interact(url, payload, { at: o.at ?? w.clock.now(), ...o }),
    close: async () => {
      await w.close();
      await discord.close();
    },
  };
}
