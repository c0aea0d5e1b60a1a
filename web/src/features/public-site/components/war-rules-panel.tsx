import { useQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { siteContent } from '#contracts/site-content';
import { Card } from '#web/ui/card';
import { warRulesQuery } from '../api/public-queries';
import { useClanApi } from '#web/lib/clan-api';

/**
 * docs/product.md §9: the clan war rules. Their values are the admin's (docs/war-insights.md), read
 * from the public API; until it answers (or when it fails) the site-content wording of the defaults shows.
 */
export function WarRulesPanel() {
  const api = useClanApi();
  const current = useQuery(warRulesQuery(api));
  const rules = current.data?.rules ?? siteContent.warRules;
  return (
    <Card className="p-6" data-testid="war-rules">
      <div className="flex items-center gap-3">
        <span className="grid size-10 place-items-center rounded-xl bg-rose-400/15 text-rose-300 ring-1 ring-rose-400/30">
          <ScrollText aria-hidden="true" className="size-5" />
        </span>
        <h3 className="font-display text-xl font-black text-white">Clan war rules</h3>
      </div>
      <p className="mt-3 text-sm text-slate-300">{siteContent.warRulesIntro}</p>
      <ol className="mt-5 space-y-4">
        {rules.map((rule, i) => (
          <li key={rule.title} className="flex gap-4">
            <span
              aria-hidden="true"
              className="grid size-8 shrink-0 place-items-center rounded-lg bg-gold-400 font-display font-black text-ink-950"
            >
              {i + 1}
            </span>
            <div>
              <p className="font-semibold text-white">{rule.title}</p>
              <p className="text-sm text-slate-300">{rule.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
