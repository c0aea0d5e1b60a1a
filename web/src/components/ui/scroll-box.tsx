import type { ReactNode } from 'react';

/**
 * A box that scrolls its content (a long list, a wide table) inside the page: a region the keyboard can reach and
 * scroll (axe scrollable-region-focusable), named after what it holds.
 */
export function ScrollBox({ label, className, children }: { label: string; className: string; children: ReactNode }) {
  return (
    <div tabIndex={0} role="region" aria-label={`${label}, scrollable`} className={`focus-ring ${className}`}>
      {children}
    </div>
  );
}
