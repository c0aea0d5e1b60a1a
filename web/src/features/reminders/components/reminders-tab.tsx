import { AbsencesCard } from './absences-card';
import { MembersLinksCard } from './members-links-card';
import { ReminderSettingsCard } from './reminder-settings-card';
import { TemplatesCard } from './templates-card';

/**
 * The Reminders tab: reminder times with the prediction, message templates, excused absences, members and their
 * Discord links.
 */
export function RemindersTab() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="grid content-start gap-6">
        <ReminderSettingsCard />
        <TemplatesCard />
        <AbsencesCard />
      </div>
      <MembersLinksCard />
    </div>
  );
}
