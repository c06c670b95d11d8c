import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the element is on screen (IntersectionObserver; always true where there is none). A
 * camera tile mounts its player only while this holds, so a tile scrolled away frees it.
 */
export function useInView(ref: RefObject<Element | null>): boolean {
  const observable = typeof IntersectionObserver !== 'undefined';
  const [inView, setInView] = useState(!observable);
  useEffect(() => {
    const element = ref.current;
    if (!element || !observable) return;
    const observer = new IntersectionObserver((entries) => {
      const last = entries[entries.length - 1];
      if (last) setInView(last.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, observable]);
  return inView;
}
