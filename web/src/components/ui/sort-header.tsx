import { ChevronDown, ChevronUp, ChevronsUpDown } from 'lucide-react';

interface SortHeaderProps<C extends string> {
  column: C;
  label: string;
  sort: { column: C; direction: 'asc' | 'desc' };
  onSort: (column: C) => void;
  className?: string;
}

/**
 * A column header whose button sorts (the public members table, the War report's member table);
 * `aria-sort` tells screen readers the sorted column and direction.
 */
export function SortHeader<C extends string>({ column, label, sort, onSort, className = '' }: SortHeaderProps<C>) {
  const active = sort.column === column;
  const Icon = !active ? ChevronsUpDown : sort.direction === 'asc' ? ChevronUp : ChevronDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
      className={`px-3 py-3 ${className}`}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className={
          `inline-flex items-center gap-1 rounded text-xs font-bold tracking-wide whitespace-nowrap ` +
          `uppercase hover:text-white focus-ring-tight ${active ? 'text-gold-300' : 'text-slate-300'}`
        }
      >
        {label}
        <Icon aria-hidden="true" className="size-3.5" />
      </button>
    </th>
  );
}
