/** The clan shield, inline so it costs no request and never shifts the layout. */
export function ClanEmblem({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={className}>
      <defs>
        <linearGradient id="emblem-gold" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fde68a" />
          <stop offset="1" stopColor="#f59e0b" />
        </linearGradient>
      </defs>
      <path
        d="M32 4 56 14v18c0 14-10 24-24 28C18 56 8 46 8 32V14z"
        fill="#131a2e"
        stroke="url(#emblem-gold)"
        strokeWidth="4"
      />
      <path d="M19 40l2-15 6.5 6 4.5-10 4.5 10 6.5-6 2 15z" fill="url(#emblem-gold)" />
      <rect x="19" y="43" width="26" height="3.5" rx="1.5" fill="url(#emblem-gold)" />
    </svg>
  );
}
