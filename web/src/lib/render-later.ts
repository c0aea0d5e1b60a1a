import { startTransition, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * Work the first paint does not need (sections below the fold, the rest of a long table) is done later, in small
 * pieces (docs/architecture.md §9): a piece runs when its element comes within a screen of the viewport, or in the
 * browser's idle time, one piece per idle period, in the order the pieces asked. So no single task holds a phone's
 * main thread, and everything is on the page soon after load for find-in-page and screen readers.
 */
type Step = (urgent: boolean) => void;

const queue: Step[] = [];
let scheduled = false;

function runNext(): void {
  scheduled = false;
  queue.shift()?.(false);
  if (queue.length > 0) schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  // Idle time, or at the latest after a few seconds on a page that never goes idle.
  if (typeof requestIdleCallback === 'function') requestIdleCallback(runNext, { timeout: 3000 });
  else setTimeout(runNext, 50);
}

function enqueue(step: Step): void {
  queue.push(step);
  schedule();
}

function dequeue(step: Step): void {
  const at = queue.indexOf(step);
  if (at >= 0) queue.splice(at, 1);
}

/** Everything still waiting renders now, in one synchronous pass: before a jump to a section, so it lands right. */
export function renderEverythingNow(): void {
  flushSync(() => {
    for (const step of queue.splice(0)) step(true);
  });
}

/** Near the viewport: within one screen height above or below it. */
const NEAR = '100% 0px';

/**
 * How many of `total` items to render: `first` at once, then `step` more per idle period, and all of them once the
 * element behind the returned ref comes near the viewport. With `first` 0 and `step` ≥ total it is a switch: nothing,
 * then everything.
 */
export function useRenderLater<E extends Element>(
  total: number,
  { first, step }: { first: number; step: number },
): [React.RefObject<E | null>, number] {
  const ref = useRef<E>(null);
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    const grow: Step = (urgent) => {
      dequeue(grow);
      const all = urgent || near;
      const update = () => setCount((c) => (all ? total : Math.min(total, c + step)));
      if (urgent) update();
      else startTransition(update);
    };
    let near = false;
    enqueue(grow);
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        near = true;
        grow(false);
      },
      { rootMargin: NEAR },
    );
    if (ref.current) observer.observe(ref.current);
    return () => {
      observer.disconnect();
      dequeue(grow);
    };
    // Runs again after every step: the next step waits for its own idle period.
  }, [count, total, step]);
  return [ref, Math.min(count, total)];
}
