import { useState } from 'react';
import { ClanScoped } from '#web/ui/clan-scoped';
import { FamilyReport } from './family-report';
import { MemberDetail } from './member-detail';
import { MemberTable } from './member-table';
import { ProjectionRecordCard } from './projection-record-card';
import { ReportLists } from './report-lists';
import { RulesForm } from './rules-form';

/**
 * The War report tab (docs/war-insights.md), loaded only when opened: lists, members, one member, rules; in a family,
 * for the clan the picker chooses, or the whole family (docs/decisions/104-per-clan-webhooks.md).
 */
export default function WarReportTab() {
  return (
    <ClanScoped label="War report" familyOption="Whole family">
      {(choice) => (choice.family ? <FamilyReport /> : <ClanReport />)}
    </ClanScoped>
  );
}

function ClanReport() {
  const [selected, setSelected] = useState<string | null>(null);
  const select = (tag: string) => {
    setSelected(tag);
    requestAnimationFrame(() => document.getElementById('member-detail')?.scrollIntoView({ block: 'start' }));
  };
  return (
    <div className="grid grid-cols-1 gap-6">
      <ReportLists onSelect={select} />
      <ProjectionRecordCard />
      <div id="member-detail" className="scroll-mt-4 empty:hidden">
        {selected ? <MemberDetail key={selected} tag={selected} onClose={() => setSelected(null)} /> : null}
      </div>
      <MemberTable onSelect={select} />
      <RulesForm />
    </div>
  );
}
