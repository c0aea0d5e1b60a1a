import { ExternalLink, MessageCircle } from 'lucide-react';
import { siteContent } from '#contracts/site-content';
import { usePageFacts } from '#web/lib/page-facts';

export function CommunitySection() {
  const { discordInvite } = usePageFacts();
  const { discord } = siteContent;
  return (
    <section id="discord" aria-labelledby="discord-title" className="scroll-mt-16 px-4 py-20 sm:px-6">
      <div
        className={
          'relative mx-auto max-w-4xl overflow-hidden rounded-3xl border border-indigo-300/20 bg-gradient-to-br ' +
          'from-indigo-600/35 via-ink-800 to-ink-900 p-8 text-center shadow-2xl shadow-indigo-950/50 sm:p-12'
        }
      >
        <MessageCircle aria-hidden="true" className="mx-auto size-12 text-indigo-200" />
        <h2 id="discord-title" className="mt-4 font-display text-3xl font-black text-white sm:text-4xl">
          {discord.title}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-slate-200">{discord.text}</p>
        <p className="mt-6">
          <span className="block font-display text-5xl font-black text-gold-400" data-testid="discord-count">
            {discord.memberCountText}
          </span>
          <span className="text-sm font-semibold tracking-widest text-slate-200 uppercase">chat members</span>
        </p>
        <a
          href={discordInvite}
          target="_blank"
          rel="noopener noreferrer"
          className={
            'mt-8 inline-flex items-center gap-2 rounded-xl bg-indigo-500 px-6 py-3 font-bold text-white shadow-lg shadow-indigo-900/50 transition ' +
            'hover:-translate-y-0.5 hover:bg-indigo-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-200'
          }
        >
          Join the Discord server
          <ExternalLink aria-hidden="true" className="size-4" />
        </a>
      </div>
    </section>
  );
}
