import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AlarmPanel } from '@/features/alarm-panel/index.ts';
import { VideoWall } from '@/features/video-wall/index.ts';
import { useRouteHandle } from '@/shared/routing/route-meta.ts';
import { useAppStore } from '@/shared/stores/app-store.ts';
import { useSettingsStore } from '@/shared/stores/settings-store.ts';
import { useTagsViewStore } from '@/shared/stores/tags-view-store.ts';
import { useVideoWallStore } from '@/shared/stores/video-wall-store.ts';
import { PageLoading } from '@/shared/ui/page-states.tsx';
import { Navbar } from './navbar.tsx';
import { Sidebar } from './sidebar.tsx';
import { TagsView } from './tags-view.tsx';
import { useDevice } from './use-device.ts';
import './layout.css';

/** Tracks every opened route as a tag (SPEC §2 tab strip). */
function useVisitedViews() {
  const location = useLocation();
  const handle = useRouteHandle();
  useEffect(() => {
    if (!handle.code || location.pathname.startsWith('/redirect/')) return;
    useTagsViewStore.getState().add({
      path: location.pathname,
      fullPath: `${location.pathname}${location.search}`,
      code: handle.code,
      query: Object.fromEntries(new URLSearchParams(location.search)),
      affix: handle.affix,
      noCache: handle.noCache,
    });
  }, [location.pathname, location.search, handle]);
}

/** Home screen shell of SPEC §2: sidebar, top bar with breadcrumbs, tags view, page. */
export function MainLayout() {
  const { device, opened } = useDevice();
  const withoutAnimation = useAppStore((s) => s.sidebar.withoutAnimation);
  const closeSidebar = useAppStore((s) => s.closeSidebar);
  const tagsView = useSettingsStore((s) => s.tagsView);
  const fixedHeader = useSettingsStore((s) => s.fixedHeader);
  const videoVisible = useVideoWallStore((s) => s.videoVisible);
  useVisitedViews();
  // Affixed home tag is always present.
  useEffect(() => {
    useTagsViewStore
      .getState()
      .add({ path: '/dashboard', fullPath: '/dashboard', code: 'dashboard', query: {}, affix: true });
  }, []);

  // SPEC §2: with the video-visible flag off, the video wall replaces the whole layout.
  if (!videoVisible)
    return (
      <Suspense fallback={<PageLoading fullScreen />}>
        <VideoWall />
      </Suspense>
    );

  const classes = [
    'app-wrapper',
    opened ? 'sidebar-open' : 'sidebar-hidden',
    device === 'mobile' ? 'mobile' : 'desktop',
    withoutAnimation ? 'without-animation' : '',
  ].join(' ');

  return (
    <div className={classes} data-device={device} data-testid="layout">
      {device === 'mobile' && opened ? (
        <div className="drawer-bg" onClick={() => closeSidebar(false)} aria-hidden="true" />
      ) : null}
      <Sidebar />
      <div className="main-container">
        <div className={fixedHeader ? 'app-header fixed-header' : 'app-header'}>
          <Navbar />
          {tagsView ? <TagsView /> : null}
        </div>
        <main className="app-main" id="main-content">
          <Outlet />
        </main>
      </div>
      <AlarmPanel />
    </div>
  );
}
