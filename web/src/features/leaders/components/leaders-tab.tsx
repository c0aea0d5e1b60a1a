import { useState } from 'react';
import { ClanScoped } from '#web/ui/clan-scoped';
import { ClanLogCard } from './clan-log-card';
import { LogChannelCard } from './log-channel-card';
import { MemberMemoryCard } from './member-memory-card';
import { StrikeRulesCard } from './strike-rules-card';
import { WatchListCard } from './watch-list-card';

/**
 * The Leaders tab (docs/leaders-memory.md): the clan log, a member's tenure, notes and strikes, the watch list, the
 * clan's strike rules and its log channel. Leaders' data: never on a public page. In a family the picker chooses the clan.
 */
export function LeadersTab() {
  const [tag, setTag] = useState<string | null>(null);
  return (
    <ClanScoped label="Leaders" heading="Leaders">
      {() => (
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="grid content-start gap-6">
            <ClanLogCard onSelect={setTag} />
            <StrikeRulesCard />
            <LogChannelCard />
          </div>
          <div className="grid content-start gap-6">
            <MemberMemoryCard tag={tag} onTag={setTag} />
            <WatchListCard />
          </div>
        </div>
      )}
    </ClanScoped>
  );
}
