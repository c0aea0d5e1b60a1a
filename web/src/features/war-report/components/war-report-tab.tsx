import { useState } from 'react';
import { MemberDetail } from './member-detail';
import { MemberTable } from './member-table';
import { ReportLists } from './report-lists';
import { RulesForm } from './rules-form';

/** The War report tab (docs/war-insights.md), loaded only when opened: lists, members, one member, rules. */
export default function WarReportTab() {
  const [selected, setSelected] = useState<string | null>(null);
  const select = (tag: string) => {
    setSelected(tag);
    requestAnimationFrame(() => document.getElementById('member-detail')?.scrollIntoView({ block: 'start' }));
  };
  return (
    <div className="grid grid-cols-1 gap-6">
      <ReportLists onSelect={select} />
      <div id="member-detail" className="scroll-mt-4 empty:hidden">
        {selected ? <MemberDetail key={selected} tag={selected} onClose={() => setSelected(null)} /> : null}
      </div>
      <MemberTable onSelect={select} />
      <RulesForm />
    </div>
  );
}
