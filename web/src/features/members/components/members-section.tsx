import { useQuery } from '@tanstack/react-query';
import { Alert } from '#web/ui/alert';
import { SectionHeading } from '#web/ui/section-heading';
import { membersQuery } from '../api/members-query';
import { SAMPLE_MEMBERS } from '../lib/sample-members';
import { MembersSkeleton } from './members-skeleton';
import { MembersTable } from './members-table';
import { useClanApi } from '#web/lib/clan-api';

export function MembersSection() {
  const api = useClanApi();
  const { data, isError } = useQuery(membersQuery(api));
  return (
    <section id="members" aria-labelledby="members-title" className="scroll-mt-16 px-4 py-20 sm:px-6">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="members-title" eyebrow="The roster" title="Clan members">
          {data ? `${data.members.length} players` : 'Every player'} with their ranked league, trophies and win rate.
          Click a column to sort, a name to open the player's profile.
        </SectionHeading>
        {isError ? (
          <>
            <Alert
              tone="error"
              title="Failed to load clan members. Please check if the Clash Royale API token is configured."
              className="mb-4"
            />
            <p className="mb-3 text-sm font-semibold text-amber-200" data-testid="sample-note">
              API data unavailable - displaying sample data
            </p>
            <MembersTable members={SAMPLE_MEMBERS} sample />
          </>
        ) : data ? (
          <MembersTable members={data.members} />
        ) : (
          <MembersSkeleton />
        )}
      </div>
    </section>
  );
}
