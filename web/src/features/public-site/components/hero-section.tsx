import { ChevronDown, ExternalLink, Sparkles } from 'lucide-react';
import { siteContent } from '#contracts/site-content';
import { usePageFacts } from '#web/lib/page-facts';
import { scrollToSection } from '../lib/scroll';
import { useClanApi } from '#web/lib/clan-api';
import { ClanEmblem } from './clan-emblem';

export function HeroSection() {
  const { discordInvite } = usePageFacts();
  const { hero } = siteContent;
  // a family clan's page shows that clan's name (docs/decisions/103-demo-family-and-public-site.md)
  const clanName = useClanApi().name ?? siteContent.clanName;
  return (
    <section
      id="home"
      aria-labelledby="home-title"
      className="hero-backdrop relative flex scroll-mt-16 md:min-h-[92svh] items-center overflow-hidden pt-16"
    >
      <div className="mx-auto grid w-full max-w-6xl items-center gap-10 px-4 pt-12 pb-16 sm:px-6 md:py-16 md:grid-cols-[1.4fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-gold-400/30 bg-gold-400/10 px-3 py-1 text-sm font-semibold text-gold-300">
            <Sparkles aria-hidden="true" className="size-4" />
            {hero.eyebrow}
          </p>
          <h1 id="home-title" className="mt-5 font-display text-4xl leading-tight font-black text-white sm:text-6xl">
            <span className="block text-gold-400">{clanName}</span>
            {hero.title}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-slate-300">{hero.text}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a
              href={discordInvite}
              target="_blank"
              rel="noopener noreferrer"
              className={
                'inline-flex items-center justify-center gap-2 rounded-xl bg-gold-400 px-6 py-3 font-bold text-ink-950 ' +
                'shadow-lg shadow-gold-500/25 transition hover:-translate-y-0.5 hover:bg-gold-300 focus-ring'
              }
            >
              {hero.primaryCta}
              <ExternalLink aria-hidden="true" className="size-4" />
            </a>
            <button
              type="button"
              onClick={() => scrollToSection('statistics')}
              className={
                'inline-flex items-center justify-center gap-2 rounded-xl border border-white/20 ' +
                'bg-white/5 px-6 py-3 font-semibold text-white transition hover:bg-white/10 focus-ring'
              }
            >
              {hero.secondaryCta}
              <ChevronDown aria-hidden="true" className="size-4" />
            </button>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-300">
            {hero.highlights.map((h) => (
              <li key={h} className="flex items-center gap-2">
                <span aria-hidden="true" className="size-1.5 rotate-45 bg-gold-400" />
                {h}
              </li>
            ))}
          </ul>
        </div>
        <div aria-hidden="true" className="relative mx-auto hidden md:block">
          <div className="absolute inset-6 rounded-full bg-gold-500/25 blur-3xl" />
          <ClanEmblem className="relative size-72 drop-shadow-[0_10px_40px_rgba(245,158,11,0.35)]" />
        </div>
      </div>
    </section>
  );
}
