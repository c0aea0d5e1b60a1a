import { useQuery } from '@tanstack/react-query';
import { clanQuery } from '../api/public-queries';
import { useClanApi } from '#web/lib/clan-api';

/** docs/decisions/004-demo-mode.md: responses served by the simulator say `demo: true`. */
export function DemoBadge() {
  const api = useClanApi();
  const { data } = useQuery(clanQuery(api));
  if (!data?.demo) return null;
  return (
    <span
      role="status"
      title="Simulated clan data: set CR_API_TOKEN to show the real clan"
      className="rounded-full border border-sky-300/40 bg-sky-400/15 px-2.5 py-0.5 text-xs font-semibold text-sky-100"
    >
      Demo data
    </span>
  );
}
