/** What the Discord roles need of Discord's REST API (the bot client gives it: services.ts). */
export interface RolesRest {
  readonly applicationId: string;
  readonly hasToken: boolean;
  getMember(
    guildId: string,
    userId: string,
  ): Promise<{ user?: { username?: string }; roles: string[]; nick?: string | null }>;
  getGuild(guildId: string): Promise<{ owner_id: string }>;
  listRoles(guildId: string): Promise<{ id: string; name: string; position: number }[]>;
  setRole(guildId: string, userId: string, roleId: string, on: boolean): Promise<void>;
  setNickname(guildId: string, userId: string, nick: string | null): Promise<void>;
}

/** A failed call as the bot client reports it (DiscordApiError): its kind, HTTP status and words. */
export interface RestError {
  kind: string;
  status: number | null;
  message: string;
}

export function isRestError(err: unknown): err is RestError {
  return err instanceof Error && typeof (err as { kind?: unknown }).kind === 'string' && 'status' in err;
}
