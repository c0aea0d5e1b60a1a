import type { ReactNode } from 'react';
import { useRenderLater } from '../../lib/render-later';

const STEP = { first: 0, step: 1 };

/**
 * Content below the fold: an empty placeholder (`placeholderClassName` gives it the content's usual height) until the
 * content comes near the viewport or the browser is idle (lib/render-later.ts).
 */
export function RenderLater({ placeholderClassName, children }: { placeholderClassName: string; children: ReactNode }) {
  const [ref, shown] = useRenderLater<HTMLDivElement>(1, STEP);
  if (shown) return children;
  return <div ref={ref} className={placeholderClassName} aria-hidden="true" />;
}
