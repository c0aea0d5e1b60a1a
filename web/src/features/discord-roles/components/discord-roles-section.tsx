import { DiscordRolesAuditCard, DiscordRolesPreviewCard } from './preview-card';
import { DiscordRolesRulesCard } from './rules-card';

/** Discord roles and nicknames that follow the game (docs/decisions/160-discord-roles.md), for the Reminders tab. */
export function DiscordRolesSection() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <DiscordRolesRulesCard />
      <div className="grid content-start gap-6">
        <DiscordRolesPreviewCard />
        <DiscordRolesAuditCard />
      </div>
    </div>
  );
}
