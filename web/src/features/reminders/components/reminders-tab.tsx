import type { ReactNode } from 'react';
import { ClanScoped } from '#web/ui/clan-scoped';
import { AbsencesCard } from './absences-card';
import { MembersLinksCard } from './members-links-card';
import { ReminderSettingsCard } from './reminder-settings-card';
import { TemplatesCard } from './templates-card';

/**
 * The Reminders tab: reminder times with the prediction, message templates, excused absences, members and their
 * Discord links. In a family the picker chooses the clan whose times, templates and members are shown; absences
 * are the player's and follow them across clans (docs/decisions/104-per-clan-webhooks.md).
 */
export function RemindersTab({ discordRoles }: { discordRoles?: ReactNode }) {
  return (
    <ClanScoped label="Reminders" heading="Reminders">
      {() => (
        <div className="grid gap-6">
          <div className="grid gap-6 lg:grid-cols-2">
            <div className="grid content-start gap-6">
              <ReminderSettingsCard />
              <TemplatesCard />
              <AbsencesCard />
            </div>
            <MembersLinksCard />
          </div>
          {/* the family-wide Discord roles (composed in web/src/app: a feature never imports another) */}
          {discordRoles}
        </div>
      )}
    </ClanScoped>
  );
}
