import { type RefObject, useEffect, useState } from 'react';

function pageVisibleNow(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

/**
 * Whether the player should hold a decoder: its root intersects the viewport
 * (IntersectionObserver) and the page is visible (visibilitychange).
 */
export function usePlayerVisible(ref: RefObject<Element | null>): boolean {
  const observable = typeof IntersectionObserver !== 'undefined';
  const [inView, setInView] = useState(!observable);
  const [pageVisible, setPageVisible] = useState(pageVisibleNow);

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

  useEffect(() => {
    const onChange = () => setPageVisible(pageVisibleNow());
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);

  return inView && pageVisible;
}
