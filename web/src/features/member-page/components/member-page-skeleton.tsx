import { Card } from '#web/ui/card';
import { Skeleton } from '#web/ui/skeleton';

/** The loaded page's shapes while the history loads, so nothing jumps when it arrives. */
export function MemberPageSkeleton() {
  return (
    <div className="space-y-4 sm:space-y-6" role="status" aria-label="Loading the member’s page">
      <Card className="p-6 sm:p-8">
        <Skeleton className="h-4 w-28" />
        <Skeleton className="mt-3 block h-9 w-64 max-w-full" />
        <Skeleton className="mt-4 block h-5 w-80 max-w-full" />
      </Card>
      <div className="grid gap-3 sm:grid-cols-3 sm:gap-4">
        {[1, 2, 3].map((n) => (
          <Card key={n} className="h-[6.5rem] p-5">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="mt-2 block h-7 w-16" />
          </Card>
        ))}
      </div>
      <Card className="h-96 p-6">
        <Skeleton className="h-6 w-40" />
      </Card>
    </div>
  );
}
