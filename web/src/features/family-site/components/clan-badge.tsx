/** A hue per clan: from the game's badge id and the tag, so clans sharing a badge still differ. */
function hueOf(tag: string, badgeId: number | null): number {
  let h = badgeId ?? 0;
  for (const c of tag) h = (h * 31 + c.charCodeAt(0)) % 360;
  return h;
}

/** "Demo Royale Academy" → "DA": the first and the last word's initials. */
export function initialsOf(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N} ]/gu, '')
    .split(/\s+/)
    .filter(Boolean);
  const first = words[0]?.[0] ?? '?';
  const last = words.length > 1 ? words[words.length - 1]![0]! : '';
  return (first + last).toUpperCase();
}

/**
 * A clan's shield, drawn here (no image request): coloured per clan, with the clan's initials, so the clans of a
 * family are told apart at a glance.
 */
export function ClanBadge({
  tag,
  name,
  badgeId,
  className = '',
}: {
  tag: string;
  name: string;
  badgeId: number | null;
  className?: string;
}) {
  const hue = hueOf(tag, badgeId);
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={className}>
      <path
        d="M32 4 56 14v18c0 14-10 24-24 28C18 56 8 46 8 32V14z"
        fill={`hsl(${hue} 45% 20%)`}
        stroke={`hsl(${hue} 80% 62%)`}
        strokeWidth="4"
      />
      <text
        x="32"
        y="38"
        textAnchor="middle"
        fontSize="18"
        fontWeight="900"
        fill={`hsl(${hue} 90% 88%)`}
        fontFamily="system-ui, sans-serif"
      >
        {initialsOf(name)}
      </text>
    </svg>
  );
}
