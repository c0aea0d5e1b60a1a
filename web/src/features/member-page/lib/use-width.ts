import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * The element's width in CSS pixels, kept current as it resizes; `fallback` until the first observation.
 * Read from ResizeObserver entries only, so measuring never forces a layout of its own.
 */
export function useWidth<E extends Element>(fallback: number): [RefObject<E | null>, number] {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(1, Math.round(entry.contentRect.width)));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
