/** SEC-OUT-01: only Discord's own webhook endpoint receives messages (DISCORD_WEBHOOK_URL and each clan's webhook). */
export function isDiscordWebhookUrl(url: string): boolean {
  return /^https:\/\/(?:(?:ptb|canary)\.)?discord(?:app)?\.com\/api\/(?:v\d+\/)?webhooks\/\d+\/[\w-]+$/.test(url);
}
