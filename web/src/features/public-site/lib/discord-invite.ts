import { siteContent } from '#contracts/site-content';

/** The server writes DISCORD_INVITE_URL into `<meta name="discord-invite">`; else the site-content default. */
export function discordInviteUrl(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="discord-invite"]');
  return meta?.content || siteContent.discord.inviteUrl;
}
