import { flattenMenuTree, LAYOUT_EXTRA_ROUTES, MENU_TREE, type MenuNode } from '@sentinel/contract';
import { Navigate, type RouteObject, useLocation } from 'react-router';
import { errorPages, redirectPage } from '../features/errors/pages.ts';
import { notReadyPage } from '../features/placeholder/pages.ts';
import { authRedirectPage, loginPage } from '../features/session/pages.ts';
import type { LazyPage } from '../shared/routing/page-registry.ts';
import type { RouteHandle } from '../shared/routing/route-meta.ts';
import { PageLoading } from '../shared/ui/page-loading.tsx';
import { GroupRedirect } from './group-redirect.tsx';
import { guardLoader, guardShouldRevalidate } from './guard-loader.ts';
import { loadFeatureLocales } from './i18n-resources.ts';
import { RootShell } from './root-shell.tsx';
import { RouteErrorBoundary } from './route-error.tsx';

/**
 * The features' page registries, loaded on demand (one chunk, app/page-registry.ts): the login
 * page does not need them. Started by the guard as soon as it lets a user in (route-prefetch.ts).
 */
export const loadPageRegistry = () => import('./page-registry.ts');

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
    const { code } = node;
    routes.push({
      path: node.path,
      handle: handleOf(node),
      lazy: async () => {
        const { PAGES } = await loadPageRegistry();
        return lazyPage(PAGES[code] ?? notReadyPage)();
      },
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
        // antd's providers and the query cache (providers.tsx): every page but the login page.
        id: 'console',
        lazy: async () => ({ Component: (await import('./providers.tsx')).ConsoleRoute }),
        children: [
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
            // The layout and its pages need the features' locale files (not in the first load).
            lazy: async () => {
              const [layout] = await Promise.all([import('./layout/main-layout.tsx'), loadFeatureLocales()]);
              return { Component: layout.MainLayout };
            },
            children: layoutChildren(),
          },
          { path: '*', element: <ToNotFound /> },
        ],
      },
    ],
  },
];
