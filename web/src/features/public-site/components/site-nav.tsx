import { ExternalLink, Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { siteContent } from '#contracts/site-content';
import { usePageFacts } from '#web/lib/page-facts';
import { NAV_SECTIONS, scrollToSection } from '../lib/scroll';
import { useScrolled } from '../lib/use-scrolled';
import { useClanApi } from '#web/lib/clan-api';
import { ClanEmblem } from './clan-emblem';
import { DemoBadge } from './demo-badge';

const navButton =
  'rounded-lg px-3 py-2 text-sm font-semibold text-slate-200 transition-colors hover:bg-white/10 hover:text-white focus-ring-tight';
const discordLink =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-gold-400 px-4 py-2 text-sm font-bold ' +
  'text-ink-950 shadow-md shadow-gold-500/20 transition-colors hover:bg-gold-300 focus-ring';

export function SiteNav() {
  const { discordInvite } = usePageFacts();
  const scrolled = useScrolled(100);
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { name, familyHome } = useClanApi();

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const go = (id: string) => {
    setOpen(false);
    scrollToSection(id);
  };

  return (
    <header
      data-scrolled={scrolled}
      className={`fixed inset-x-0 top-0 z-40 border-b transition-colors duration-300 ${
        scrolled || open
          ? 'border-white/10 bg-ink-950/95 shadow-lg shadow-black/40 backdrop-blur-md'
          : 'border-transparent bg-ink-950/40 backdrop-blur-sm'
      }`}
    >
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <button
          type="button"
          onClick={() => go('home')}
          className="flex items-center gap-2 rounded-lg focus-ring-tight"
        >
          <ClanEmblem className="size-8" />
          <span
            className={`font-display text-lg font-black text-white ${name ? 'text-left leading-tight' : ''}`.trim()}
          >
            {name ?? siteContent.clanName}
          </span>
        </button>
        <DemoBadge />
        <div className="ml-auto hidden items-center gap-1 md:flex">
          {familyHome ? (
            <a href={familyHome} className={navButton}>
              Family
            </a>
          ) : null}
          {NAV_SECTIONS.map((s) => (
            <button key={s.id} type="button" onClick={() => go(s.id)} className={navButton}>
              {s.label}
            </button>
          ))}
          <a href={discordInvite} target="_blank" rel="noopener noreferrer" className={`${discordLink} ml-2`}>
            Join Discord
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
        </div>
        <button
          ref={toggleRef}
          type="button"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((v) => !v)}
          className="ml-auto rounded-lg p-2 text-slate-100 hover:bg-white/10 focus-ring-tight md:hidden"
        >
          {open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
        </button>
      </nav>
      <div id="mobile-menu" hidden={!open} className="border-t border-white/10 px-4 pt-2 pb-4 md:hidden">
        <ul className="flex flex-col gap-1">
          {familyHome ? (
            <li>
              <a href={familyHome} className={`${navButton} block w-full py-3 text-left text-base`}>
                Family
              </a>
            </li>
          ) : null}
          {NAV_SECTIONS.map((s) => (
            <li key={s.id}>
              <button type="button" onClick={() => go(s.id)} className={`${navButton} w-full py-3 text-left text-base`}>
                {s.label}
              </button>
            </li>
          ))}
        </ul>
        <a
          href={discordInvite}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => setOpen(false)}
          className={`${discordLink} mt-3 w-full py-3 text-base`}
        >
          Join Discord
          <ExternalLink aria-hidden="true" className="size-4" />
        </a>
      </div>
    </header>
  );
}
