import type { MemberMemory } from '#contracts/admin-leaders';

/** The leaders' `/history` answer (docs/leaders-memory.md), pure: tenure, stints, strikes and notes, watch list. */
export function historyText(m: MemberMemory): string {
  const day = (iso: string) => iso.slice(0, 10);
  const lines = [`**${m.name ?? m.playerTag}** (${m.playerTag}): ${m.tenure.summary}; ${m.familyTenure.summary}.`];
  for (const s of m.familyTenure.timeline)
    lines.push(`• ${s.clanTag} ${day(s.joinedAt)} → ${s.leftAt ? day(s.leftAt) : 'now'}`);
  lines.push(`${m.activeStrikes} active strike(s)${m.atRisk ? ' — at risk' : ''}.`);
  for (const n of m.notes.slice(0, 10))
    lines.push(
      `• ${n.kind === 'strike' ? 'Strike' : 'Note'} ${day(n.createdAt)}: ${n.reason}` +
        (n.expiresAt ? ` (${n.active ? 'until' : 'expired'} ${day(n.expiresAt)})` : ''),
    );
  if (m.watch) lines.push(`On the watch list: ${m.watch.reason}`);
  return lines.join('\n');
}
