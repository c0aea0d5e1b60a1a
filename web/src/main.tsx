import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { readPageFacts, readPageState } from '#web/lib/page-facts';
import { App } from './app/app';
import { createQueryClient } from './lib/query-client';
import './styles.css';

const root = document.getElementById('root');
if (root) {
  // A page the server painted carries the data it was rendered from: the client starts from it and fetches nothing
  // again until it goes stale (docs/decisions/170-pages-painted-on-the-server.md).
  const state = readPageState(document);
  const client = createQueryClient();
  for (const [key, data] of state?.queries ?? []) client.setQueryData(key, data);
  const options: RootOptions = {
    // A section's boundary has already shown its fallback card; the error is kept for whoever looks.
    onCaughtError: (error, info) => console.warn('A section could not be shown:', error, info.componentStack),
  };
  const app = (
    <StrictMode>
      <App client={client} facts={readPageFacts(document, state)} />
    </StrictMode>
  );
  if (state && root.firstElementChild) hydrateRoot(root, app, options);
  else createRoot(root, options).render(app);
}
