import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Router } from 'wouter';
import { PageFactsProvider, type PageFacts } from '#web/lib/page-facts';
import { AppRouter } from './router';

/**
 * The whole app, the same in the browser and on the server (web/src/entry-server.tsx): the query client (filled with
 * a painted page's data), the page's facts, and on the server the path being rendered.
 */
export function App({ client, facts, ssrPath }: { client: QueryClient; facts: PageFacts; ssrPath?: string }) {
  return (
    <QueryClientProvider client={client}>
      <PageFactsProvider value={facts}>
        <Router ssrPath={ssrPath}>
          <AppRouter />
        </Router>
      </PageFactsProvider>
    </QueryClientProvider>
  );
}
