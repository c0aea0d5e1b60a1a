/** A placeholder bar with the size of the text it stands for, so nothing moves when data arrives. */
export function Skeleton({ className = '' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-pulse rounded-md bg-white/10 align-middle ${className}`}
    />
  );
}
