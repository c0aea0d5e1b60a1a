import { CalendarDays, GitFork, ListChecks, Trophy, Users } from 'lucide-react';
import { siteContent } from '#contracts/site-content';
import { Card } from '#web/ui/card';
import { SectionHeading } from '#web/ui/section-heading';

const PODIUM = [
  'from-gold-300 to-gold-500 text-ink-950',
  'from-slate-200 to-slate-400 text-ink-950',
  'from-amber-600 to-amber-800 text-white',
];

/** docs/product.md §3: the hard-coded tournament, from the site-content file. */
export function TournamentsSection() {
  const t = siteContent.tournament;
  const facts = [
    { icon: GitFork, label: 'Format', value: t.format },
    { icon: Users, label: 'Players', value: String(t.players) },
    { icon: CalendarDays, label: 'Start', value: t.startDateText },
  ];
  return (
    <section
      id="tournaments"
      aria-labelledby="tournaments-title"
      className="scroll-mt-16 bg-ink-900/60 px-4 py-20 sm:px-6"
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="tournaments-title" eyebrow="Compete" title="Tournaments" />
        <Card className="overflow-hidden">
          <div
            className={
              'flex flex-col gap-4 border-b border-white/10 bg-gradient-to-r from-violet-500/15 ' +
              'via-transparent to-gold-400/10 p-6 sm:flex-row sm:items-center sm:justify-between'
            }
          >
            <h3 className="font-display text-2xl font-black text-white">{t.name}</h3>
            <p
              className={
                'inline-flex w-fit items-center gap-2 rounded-full bg-emerald-400/15 ' +
                'px-3 py-1 text-sm font-bold text-emerald-200 ring-1 ring-emerald-400/40'
              }
            >
              <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-emerald-400" />
              Status: {t.status}
            </p>
          </div>
          <div className="grid gap-8 p-6 lg:grid-cols-[1fr_1.2fr_1fr]">
            <dl className="space-y-4">
              {facts.map(({ icon: Icon, label, value }) => (
                <div key={label} className="flex items-center gap-3">
                  <Icon aria-hidden="true" className="size-5 text-gold-400" />
                  <dt className="w-20 text-sm text-slate-300">{label}</dt>
                  <dd className="font-semibold text-white">{value}</dd>
                </div>
              ))}
            </dl>
            <div>
              <h4 className="flex items-center gap-2 font-semibold text-white">
                <ListChecks aria-hidden="true" className="size-5 text-gold-400" />
                Rules
              </h4>
              <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-slate-300 marker:text-gold-400">
                {t.rules.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            </div>
            <div>
              <h4 className="flex items-center gap-2 font-semibold text-white">
                <Trophy aria-hidden="true" className="size-5 text-gold-400" />
                Placings
              </h4>
              <ol className="mt-3 space-y-2">
                {t.placings.map((p, i) => (
                  <li key={p.place} className="flex items-center gap-3 rounded-xl bg-white/5 px-3 py-2">
                    <span
                      className={`grid size-9 place-items-center rounded-lg bg-gradient-to-b text-sm font-black ${PODIUM[i] ?? PODIUM[2]}`}
                    >
                      {p.place}
                    </span>
                    <span className="font-semibold text-slate-200">{p.player}</span>
                  </li>
                ))}
              </ol>
            </div>
          </div>
        </Card>
      </div>
    </section>
  );
}
