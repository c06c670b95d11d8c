import './shared/zod-config.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { startSessionEarly } from './app/guard-loader.ts';
import { buildResources } from './app/i18n-resources.ts';
import { routes } from './app/routes.tsx';
import { loadApplicationInfo } from './features/session/index.ts';
import { installErrorLog } from './shared/error-log/install-error-log.ts';
import { initI18n } from './shared/i18n/i18n.ts';
import { setFeedbackHost } from './shared/ui/feedback.ts';
import './app/global.css';

initI18n(buildResources());
installErrorLog();
// antd's providers are not in the first load: a toast shown before the console's loads them.
setFeedbackHost(() => import('./app/feedback-host.tsx'));
void loadApplicationInfo();
startSessionEarly();

const router = createBrowserRouter(routes);
const root = document.getElementById('root');
if (!root) throw new Error('#root missing');

// The first render (the loading screen while the guard loads the session) is a
// transition: React renders it in slices and lets the browser handle the session's answers between
// them, so the guard lets the user in and the page's first requests start (route-prefetch.ts) as
// soon as the answers arrive, not after the whole first render.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});
