import { useQuery } from '@tanstack/react-query';
import { Alert } from '#web/ui/alert';
import { currentIpQuery } from '../api/public-queries';

/**
 * docs/product.md §8: shown when the clan or leader fetch fails, with a proxy note that names the
 * address the Clash Royale API sees (only fetched in this state, docs/product.md §7).
 */
export function StatisticsError() {
  const { data } = useQuery(currentIpQuery);
  const ip = data?.currentIP;
  return (
    <Alert
      tone="error"
      title="Failed to load clan statistics. Please check if the proxy server is accessible."
      className="mb-6"
    >
      <p data-testid="proxy-note">
        {ip ? (
          <>
            Proxy connection note: the Clash Royale API sees this server at{' '}
            <code className="rounded bg-black/30 px-1.5 py-0.5 font-mono">{ip}</code>. Add that IP address to the
            allowed IPs of your API key, or route requests through a proxy whose IP is allowed.
          </>
        ) : (
          'Proxy connection note: make sure the IP address of this server is on the allowed list of your Clash Royale API key.'
        )}
      </p>
    </Alert>
  );
}
