/**
 * A node of the menu and route tree (menu-tree.ts) and the builders its data is written with:
 * `t` a title in both languages, `page` a menu page or group, `hidden` a route that is not a menu.
 */
export type MenuType = 1 | 4 | -1;

export interface Title {
  en: string;
  'zh-CN': string;
}

export interface MenuNode {
  /** Stable menu id (fixed ids of SPEC §2 for the injected entries). */
  id: number;
  /** Menu code: permission key for pages, and the route name. Unique. */
  code: string;
  /** Absolute route path (react-router syntax, `:param` for params). */
  path: string;
  title: Title;
  /** 1 page, 4 dynamic page from a server-supplied path, -1 external link. Groups are 1. */
  type: MenuType;
  /** Not in the menu; reachable by route. Hidden nodes are not seeded as menus. */
  hidden?: boolean;
  /** For hidden nodes: the visible menu code whose grant opens this route. */
  grantedBy?: string;
  /** Any logged-in user may open it (no grant needed). */
  anyUser?: boolean;
  /** Only the `admin` role gets it (SPEC §2: /permission/page and the three system extras). */
  adminOnly?: boolean;
  /** Group that stays in the menu even with no children (SPEC §2 empty menu groups). */
  alwaysShow?: boolean;
  /** Tag that cannot be closed (home). */
  affix?: boolean;
  /** Do not keep the page alive when switching tabs. */
  noCache?: boolean;
  /** Query the page opens with (alarm-rule page: type 1). */
  query?: Record<string, string>;
  children?: MenuNode[];
}

/** A title in both languages. */
export const t = (en: string, zh: string): Title => ({ en, 'zh-CN': zh });

/** A page (or group) of the menu: type 1. */
export const page = (
  id: number,
  code: string,
  path: string,
  title: Title,
  extra: Partial<MenuNode> = {},
): MenuNode => ({
  id,
  code,
  path,
  title,
  type: 1,
  ...extra,
});

/** A route that is not in the menu, opened by the grant of `grantedBy` (any user without one). */
export const hidden = (
  code: string,
  path: string,
  title: Title,
  grantedBy?: string,
  extra: Partial<MenuNode> = {},
) => page(0, code, path, title, { hidden: true, grantedBy, anyUser: grantedBy === undefined, ...extra });
