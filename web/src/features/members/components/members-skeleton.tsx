import { Skeleton } from '#web/ui/skeleton';

/** Rows of the table's height while the roster loads. */
export function MembersSkeleton() {
  return (
    <div
      aria-busy="true"
      aria-label="Loading clan members"
      role="status"
      className="overflow-hidden rounded-2xl border border-white/10 bg-ink-800"
    >
      <div className="h-11 border-b border-white/10 bg-ink-700/60" />
      {Array.from({ length: 10 }, (_, i) => (
        <div key={i} className="flex h-[3.75rem] items-center gap-6 border-b border-white/5 px-4">
          <Skeleton className="h-4 w-36" />
          <Skeleton className="h-4 w-24" />
          <Skeleton className="hidden h-4 w-16 sm:inline-block" />
          <Skeleton className="hidden h-4 w-16 md:inline-block" />
          <Skeleton className="hidden h-4 w-16 lg:inline-block" />
        </div>
      ))}
    </div>
  );
}
