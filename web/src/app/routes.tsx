import { flattenMenuTree, LAYOUT_EXTRA_ROUTES, MENU_TREE, type MenuNode } from '@sentinel/contract';
import { Navigate, type RouteObject, useLocation } from 'react-router';
import { errorPages, redirectPage } from '../features/errors/pages.ts';
import { emptyGroupPage, notReadyPage } from '../features/placeholder/pages.ts';
import { authRedirectPage, loginPage } from '../features/session/pages.ts';
import type { LazyPage, PageRegistry } from '../shared/routing/page-registry.ts';
import type { RouteHandle } from '../shared/routing/route-meta.ts';
import { PageLoading } from '../shared/ui/page-states.tsx';
import { GroupRedirect } from './group-redirect.tsx';
import { guardLoader, guardShouldRevalidate } from './guard-loader.ts';
import { RootShell } from './root-shell.tsx';
import { RouteErrorBoundary } from './route-error.tsx';

/** Each feature lists the pages it builds, by menu code, in `features/<area>/pages.ts`. */
const featurePages = import.meta.glob<PageRegistry>('../features/*/pages.ts', {
  eager: true,
  import: 'pages',
});

/** Pages that exist; every other tree node shows the shared "not available yet" page. */
const PAGES: PageRegistry = {
  generalSceneManage: emptyGroupPage,
  jobSceneManage: emptyGroupPage,
  // Feature registries last: a feature's page replaces a placeholder of the same code.
  ...Object.assign({}, ...Object.values(featurePages)),
};

const lazyPage = (load: LazyPage) => async () => ({ Component: (await load()).default });

function handleOf(node: MenuNode): RouteHandle {
  return {
    code: node.code,
    hidden: node.hidden,
    affix: node.affix,
    noCache: node.noCache,
    adminOnly: node.adminOnly,
  };
}

/** One flat route per tree node (absolute paths), all under the main layout. */
function layoutChildren(): RouteObject[] {
  const routes: RouteObject[] = [];
  for (const node of [...flattenMenuTree(MENU_TREE), ...LAYOUT_EXTRA_ROUTES]) {
    const isGroup = Boolean(node.children?.length);
    if (node.path === '/') {
      routes.push({ index: true, handle: handleOf(node), element: <GroupRedirect code={node.code} /> });
      continue;
    }
    if (isGroup) {
      routes.push({ path: node.path, handle: handleOf(node), element: <GroupRedirect code={node.code} /> });
      continue;
    }
    routes.push({
      path: node.path,
      handle: handleOf(node),
      lazy: lazyPage(PAGES[node.code] ?? notReadyPage),
    });
  }
  routes.push({
    path: '/redirect/*',
    handle: { title: { en: 'Redirecting', 'zh-CN': '跳转中' }, hidden: true },
    lazy: lazyPage(redirectPage),
  });
  return routes;
}

function ToNotFound() {
  const location = useLocation();
  return <Navigate to="/404" replace state={{ from: location.pathname }} />;
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: guardLoader,
    shouldRevalidate: guardShouldRevalidate,
    Component: RootShell,
    HydrateFallback: () => <PageLoading fullScreen />,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        path: '/login',
        handle: { title: { en: 'Log in', 'zh-CN': '登录' } },
        lazy: lazyPage(loginPage),
      },
      {
        path: '/auth-redirect',
        handle: { title: { en: 'Signing in', 'zh-CN': '正在登录' } },
        lazy: lazyPage(authRedirectPage),
      },
      {
        path: '/404',
        handle: { title: { en: 'Page not found', 'zh-CN': '页面不存在' } },
        lazy: async () => ({ Component: (await errorPages()).NotFoundPage }),
      },
      {
        path: '/400',
        handle: { title: { en: 'Bad request', 'zh-CN': '请求错误' } },
        lazy: async () => ({ Component: (await errorPages()).BadRequestPage }),
      },
      {
        path: '/401',
        handle: { title: { en: 'No access', 'zh-CN': '无访问权限' } },
        lazy: async () => ({ Component: (await errorPages()).UnauthorizedPage }),
      },
      {
        id: 'layout',
        lazy: async () => ({ Component: (await import('./layout/main-layout.tsx')).MainLayout }),
        children: layoutChildren(),
      },
      { path: '*', element: <ToNotFound /> },
    ],
  },
];
