import type { MemberRole } from '#contracts/public';

/** docs/product.md §6: four roles, four distinct colours. */
const ROLE_STYLE: Record<MemberRole, { label: string; className: string }> = {
  leader: { label: 'Leader', className: 'bg-gold-400 text-ink-950' },
  coleader: { label: 'Co-leader', className: 'bg-violet-400/20 text-violet-200 ring-1 ring-violet-300/50' },
  elder: { label: 'Elder', className: 'bg-sky-400/15 text-sky-200 ring-1 ring-sky-300/40' },
  member: { label: 'Member', className: 'bg-slate-400/15 text-slate-200 ring-1 ring-slate-300/30' },
};

export function RoleBadge({ role }: { role: MemberRole }) {
  const style = ROLE_STYLE[role];
  return (
    <span
      data-role={role}
      className={`inline-block rounded-full px-2 py-0.5 text-[0.7rem] leading-4 font-bold tracking-wide uppercase ${style.className}`}
    >
      {style.label}
    </span>
  );
}
