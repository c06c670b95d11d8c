import './shared/zod-config.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { startSessionEarly } from './app/guard-loader.ts';
import { buildResources } from './app/i18n-resources.ts';
import { Providers } from './app/providers.tsx';
import { routes } from './app/routes.tsx';
import { loadApplicationInfo } from './features/session/index.ts';
import { installErrorLog } from './shared/error-log/install-error-log.ts';
import { initI18n } from './shared/i18n/i18n.ts';
import './app/global.css';

initI18n(buildResources());
installErrorLog();
void loadApplicationInfo();
startSessionEarly();

const router = createBrowserRouter(routes);
const root = document.getElementById('root');
if (!root) throw new Error('#root missing');

// The first render (the providers and the loading screen while the guard loads the session) is a
// transition: React renders it in slices and lets the browser handle the session's answers between
// them, so the guard lets the user in and the page's first requests start (route-prefetch.ts) as
// soon as the answers arrive, not after the whole first render.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
