import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** The element's width in CSS pixels, kept current as it resizes; `fallback` until it is measured. */
export function useWidth<E extends Element>(fallback: number): [RefObject<E | null>, number] {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(1, Math.round(el.getBoundingClientRect().width)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
