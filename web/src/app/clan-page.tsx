import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { siteContent } from '#contracts/site-content';
import { ApiError } from '#web/lib/api-error';
import { ClanApiProvider, familyClanApi } from '#web/lib/clan-api';
import { clanQuery } from '../features/public-site/api/public-queries';
import { PublicPage } from './public-page';

/**
 * /clans/{tag}: one clan of the family with every section of the clan page, fed by /api/clans/{tag}/…
 * (docs/decisions/103-demo-family-and-public-site.md). Its own chunk; its head comes from the server.
 */
export default function ClanPage({ tag, notFound }: { tag: string; notFound: ReactNode }) {
  const segment = tag.replace(/^#/, '').toUpperCase();
  const clan = useQuery(clanQuery(familyClanApi(segment, null)));
  const name = clan.data?.name ?? null;
  const api = useMemo(() => familyClanApi(segment, name ?? `#${segment}`), [segment, name]);
  useEffect(() => {
    if (name) document.title = `${name} (#${segment}) · ${siteContent.clanName} family`;
  }, [name, segment]);
  if (clan.error instanceof ApiError && (clan.error.status === 404 || clan.error.status === 400)) return notFound;
  return (
    <ClanApiProvider value={api}>
      <PublicPage />
    </ClanApiProvider>
  );
}
