import { siteContent } from '#contracts/site-content';
import { usePageFacts } from '#web/lib/page-facts';
import { NAV_SECTIONS, scrollToSection } from '../lib/scroll';
import { ClanEmblem } from './clan-emblem';

export function SiteFooter() {
  const { year } = usePageFacts();
  return (
    <footer id="footer" className="border-t border-white/10 bg-ink-950 px-4 py-10 sm:px-6">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 md:flex-row md:items-start md:justify-between">
        <div className="max-w-md">
          <p className="flex items-center gap-2 font-display text-lg font-black text-white">
            <ClanEmblem className="size-7" />
            {siteContent.clanName}
          </p>
          <p className="mt-2 text-sm text-slate-300">{siteContent.tagline}</p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-2 gap-y-1">
            {NAV_SECTIONS.map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  onClick={() => scrollToSection(s.id)}
                  className="rounded px-2 py-2 text-sm text-slate-300 hover:text-white focus-ring-tight"
                >
                  {s.label}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="mx-auto mt-8 max-w-6xl border-t border-white/5 pt-6 text-xs text-slate-400">
        © {year} {siteContent.clanName}. {siteContent.footer.note}
      </p>
    </footer>
  );
}
