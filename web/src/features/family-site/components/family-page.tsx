import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Alert } from '#web/ui/alert';
import { Card } from '#web/ui/card';
import { Skeleton } from '#web/ui/skeleton';
import { familyQuery } from '../api/family-query';
import { ClanCard } from './clan-card';

interface FamilyPageProps {
  /** the site's name (the main clan's) */
  familyName: string;
  /** the site's emblem, tagline and Discord link, composed by the app */
  header: ReactNode;
  footer: ReactNode;
}

function CardSkeleton() {
  return (
    <Card className="flex flex-col gap-5 p-6" aria-busy="true">
      <div className="flex items-center gap-4">
        <Skeleton className="size-14 rounded-xl" />
        <Skeleton className="h-6 w-40" />
      </div>
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-12 w-full" />
    </Card>
  );
}

/**
 * `/` when the family has more than one clan (docs/decisions/103-demo-family-and-public-site.md): one card per clan,
 * each opening that clan's full page at /clans/{tag}. Its own chunk: the single-clan page never loads it.
 */
export function FamilyPage({ familyName, header, footer }: FamilyPageProps) {
  const { data, isError } = useQuery(familyQuery);
  useEffect(() => {
    document.title = `${familyName} family · Clans`;
  }, [familyName]);
  const demo = data?.demo === true;
  return (
    <>
      {header}
      <main
        id="main"
        tabIndex={-1}
        className="hero-backdrop min-h-[70vh] bg-ink-950 px-4 pt-28 pb-20 outline-none sm:px-6"
      >
        <div className="mx-auto max-w-6xl">
          <div className="mx-auto mb-10 max-w-2xl text-center">
            <p className="text-sm font-semibold tracking-[0.2em] text-gold-400 uppercase">
              One family, {data?.clans.length ?? 'several'} clans
            </p>
            <h1 className="mt-2 font-display text-4xl font-black text-white sm:text-5xl">The {familyName} family</h1>
            <p className="mt-3 text-slate-300">
              Every clan of the family at a glance: its members, war trophies, this week&apos;s river race and this
              month&apos;s champion. Open a clan for its full page.
              {demo ? ' These are simulated clans (demo data).' : ''}
            </p>
          </div>
          {isError ? (
            <Alert tone="error" title="The family's clans could not be loaded. Please try again later." />
          ) : null}
          <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-3" aria-label="Clans of the family">
            {data
              ? data.clans.map((clan) => (
                  <li key={clan.tag} className="flex">
                    <div className="flex w-full flex-col [&>*]:flex-1">
                      <ClanCard clan={clan} />
                    </div>
                  </li>
                ))
              : isError
                ? null
                : [0, 1, 2].map((k) => (
                    <li key={k}>
                      <CardSkeleton />
                    </li>
                  ))}
          </ul>
        </div>
      </main>
      {footer}
    </>
  );
}
