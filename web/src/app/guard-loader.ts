import { LAYOUT_EXTRA_ROUTES, MENU_TREE } from '@sentinel/contract';
import { type LoaderFunctionArgs, redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import { applyAccountLanguage } from '../features/account-settings/index.ts';
import { fetchMenus, fetchUserInfo } from '../features/session/index.ts';
import { i18n, tr } from '../shared/i18n/i18n.ts';
import { computePermitted } from '../shared/permission/permitted.ts';
import { RequestError } from '../shared/request/errors.ts';
import { usePermissionStore } from '../shared/stores/permission-store.ts';
import { useUserStore } from '../shared/stores/user-store.ts';
import { toast } from '../shared/ui/feedback.ts';
import { loginUrl } from '../shared/utils/safe-redirect.ts';
import { decide, type GuardDecision } from './guard.ts';
import { prefetchRoute } from './route-prefetch.ts';

type SessionAnswers = Promise<
  [Awaited<ReturnType<typeof fetchUserInfo>>, Awaited<ReturnType<typeof fetchMenus>>]
>;

/** The session's two requests (user info and menus), at once. */
const fetchSession = (): SessionAnswers => Promise.all([fetchUserInfo(), fetchMenus()]);

/** The session asked for by startSessionEarly, for the token it was asked with. */
let early: { token: string; answers: SessionAnswers } | null = null;

/**
 * main.tsx, before the router starts: when the guard's first decision will be to load the session
 * (a kept token, nothing loaded yet), its two requests start now. Started by the guard, they would
 * queue behind the layout's and the page's chunks on the browser's six connections to the server.
 */
export function startSessionEarly(): void {
  if (decisionFor(new URL(window.location.href)).type !== 'load') return;
  const user = useUserStore.getState();
  const answers = fetchSession();
  answers.catch(() => {
    // Reported by the guard, which awaits these answers (loadSession).
  });
  early = { token: user.token, answers };
}

/** Fetch user info and menus, then generate the permitted routes (SPEC §2). */
export async function loadSession(): Promise<void> {
  const started = early?.token === useUserStore.getState().token ? early.answers : null;
  early = null;
  const [info, menus] = await (started ?? fetchSession());
  useUserStore.getState().setUser(info, menus);
  applyAccountLanguage(info, useUserStore.getState().token);
  usePermissionStore.getState().setCodes(
    computePermitted(
      [...MENU_TREE, ...LAYOUT_EXTRA_ROUTES],
      menus.map((m) => m.code),
      info.roles,
    ),
  );
}

function errorText(error: unknown): string {
  if (error instanceof RequestError || error instanceof Error) return tr(error.message) || i18n.t('hasError');
  return i18n.t('hasError');
}

/** The guard's decision for `url` with the session as it is now. */
function decisionFor(url: URL): GuardDecision {
  const user = useUserStore.getState();
  return decide({
    pathname: url.pathname,
    search: url.search,
    token: user.token,
    loaded: user.menusLoaded,
    mustChangePassword: user.mustChangePassword,
    permitted: usePermissionStore.getState().codes,
  });
}

/**
 * The root route's shouldRevalidate: the guard runs again for a navigation only when it has
 * something to do for the new URL (load the session, redirect, take a query token). A navigation it
 * allows as things are — a list page's search writing its filters in the URL, most moves between
 * permitted pages — would have the loader answer null at once; skipping it spares every such
 * navigation a loader round before the router writes the URL. Same decision, same state as the
 * loader's first round, so no permission check is lost.
 */
export function guardShouldRevalidate({ nextUrl }: ShouldRevalidateFunctionArgs): boolean {
  return decisionFor(nextUrl).type !== 'allow';
}

/** Root loader: applies the guard on the first load and on every navigation it has a say in. */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<Response | null> {
  const url = new URL(request.url);
  for (let round = 0; round < 2; round += 1) {
    const decision = decisionFor(url);
    switch (decision.type) {
      case 'allow':
        prefetchRoute(url.pathname);
        return null;
      case 'redirect':
        return redirect(decision.to);
      case 'tokenError':
        toast.error(decision.message || i18n.t('hasError'));
        return redirect(decision.to);
      case 'storeToken':
        useUserStore.getState().setToken(decision.token);
        usePermissionStore.getState().reset();
        return redirect(decision.to);
      case 'load':
        try {
          await loadSession();
        } catch (error) {
          useUserStore.getState().resetSession();
          usePermissionStore.getState().reset();
          toast.error(errorText(error));
          return redirect(loginUrl(`${url.pathname}${url.search}`));
        }
        break;
    }
  }
  return null;
}
