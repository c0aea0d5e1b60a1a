import { ExternalLink } from 'lucide-react';
import { siteContent } from '#contracts/site-content';
import { FamilyPage } from '../features/family-site/components/family-page';
import { ClanEmblem } from '../features/public-site/components/clan-emblem';
import { usePageFacts } from '#web/lib/page-facts';

/**
 * `/` of a family (docs/decisions/103-demo-family-and-public-site.md), its own chunk: the family page with the site's
 * header and footer. The single-clan page never loads this file.
 */
export default function FamilyHome() {
  const { discordInvite, year } = usePageFacts();
  const header = (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-white/10 bg-ink-950/90 backdrop-blur-md">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <a href="/" className="flex items-center gap-2 rounded-lg focus-ring-tight">
          <ClanEmblem className="size-8" />
          <span className="font-display text-lg font-black text-white">{siteContent.clanName}</span>
        </a>
        <a
          href={discordInvite}
          target="_blank"
          rel="noopener noreferrer"
          className={
            'ml-auto inline-flex items-center gap-2 rounded-lg bg-gold-400 px-4 py-2 text-sm font-bold text-ink-950 ' +
            'shadow-md shadow-gold-500/20 transition-colors hover:bg-gold-300 focus-ring'
          }
        >
          Join Discord
          <ExternalLink aria-hidden="true" className="size-4" />
        </a>
      </nav>
    </header>
  );
  const footer = (
    <footer className="border-t border-white/10 bg-ink-950 px-4 py-10 sm:px-6">
      <div className="mx-auto max-w-6xl">
        <p className="flex items-center gap-2 font-display text-lg font-black text-white">
          <ClanEmblem className="size-7" />
          {siteContent.clanName}
        </p>
        <p className="mt-2 max-w-md text-sm text-slate-300">{siteContent.tagline}</p>
        <p className="mt-8 border-t border-white/5 pt-6 text-xs text-slate-400">
          © {year} {siteContent.clanName}. {siteContent.footer.note}
        </p>
      </div>
    </footer>
  );
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-gold-400 px-4 py-2 font-bold text-ink-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <FamilyPage familyName={siteContent.clanName} header={header} footer={footer} />
    </>
  );
}
