import { ChevronDown, ChevronUp, ChevronsUpDown } from 'lucide-react';
import type { SortColumn, SortState } from '../lib/sort-members';

interface SortHeaderProps {
  column: SortColumn;
  label: string;
  sort: SortState;
  onSort: (column: SortColumn) => void;
  className?: string;
}

/** A column header whose button sorts; `aria-sort` tells screen readers the sorted column and direction. */
export function SortHeader({ column, label, sort, onSort, className = '' }: SortHeaderProps) {
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
        className={`inline-flex items-center gap-1 rounded text-xs font-bold tracking-wide whitespace-nowrap uppercase hover:text-white focus-visible:outline-2 focus-visible:outline-gold-300 ${active ? 'text-gold-300' : 'text-slate-300'}`}
      >
        {label}
        <Icon aria-hidden="true" className="size-3.5" />
      </button>
    </th>
  );
}
