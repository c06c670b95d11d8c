import { useEffect } from 'react';
import { Outlet, useNavigate, useNavigation } from 'react-router';
import { useRouteTitle } from '../shared/routing/route-meta.ts';
import { useAppStore } from '../shared/stores/app-store.ts';
import { registerNavigate } from '../shared/utils/navigation.ts';

/** Root of every route: navigation for non-React code, document title, navigation progress bar. */
export function RootShell() {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const title = useRouteTitle();
  const appName = useAppStore((s) => s.appName);

  useEffect(() => {
    registerNavigate((to, options) => void navigate(to, options));
  }, [navigate]);

  useEffect(() => {
    document.title = title ? `${title} - ${appName}` : appName;
  }, [title, appName]);

  return (
    <>
      {navigation.state === 'loading' ? (
        <div className="nav-progress" role="progressbar" aria-label="loading" />
      ) : null}
      <Outlet />
    </>
  );
}
