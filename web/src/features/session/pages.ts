import type { LazyPage, PageRegistry } from '@/shared/routing/page-registry.ts';

export const loginPage: LazyPage = () => import('./pages/login-page.tsx');
export const authRedirectPage: LazyPage = () => import('./pages/auth-redirect-page.tsx');

export const pages: PageRegistry = {
  firstLoginChangePassword: () => import('./pages/first-login-page.tsx'),
};
