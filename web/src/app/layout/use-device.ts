import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppStore } from '@/shared/stores/app-store.ts';

/** SPEC §9 mobile breakpoint. */
export const MOBILE_WIDTH = 992;

const isMobile = () => window.innerWidth < MOBILE_WIDTH;

/** Desktop/mobile switch at 992 px; mobile closes the sidebar, and navigation closes it again. */
export function useDevice() {
  const device = useAppStore((s) => s.device);
  const opened = useAppStore((s) => s.sidebar.opened);
  const { pathname } = useLocation();

  useEffect(() => {
    const apply = () => {
      const { device: current, setDevice, closeSidebar, openSidebar, sidebar } = useAppStore.getState();
      const next = isMobile() ? 'mobile' : 'desktop';
      if (next !== current) {
        setDevice(next);
        if (next === 'mobile') closeSidebar(true);
        // Back on a wide screen: undo the close that mobile mode forced (not a user's choice).
        else if (!sidebar.opened && sidebar.withoutAnimation) openSidebar();
      }
    };
    const { setDevice, closeSidebar } = useAppStore.getState();
    if (isMobile()) {
      setDevice('mobile');
      closeSidebar(true);
    } else {
      setDevice('desktop');
    }
    window.addEventListener('resize', apply);
    return () => window.removeEventListener('resize', apply);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer whenever the route changes.
  useEffect(() => {
    const state = useAppStore.getState();
    if (state.device === 'mobile' && state.sidebar.opened) state.closeSidebar(false);
  }, [pathname]);

  return { device, opened };
}
