/** Pure tag-strip logic (tested); the zustand store in tags-view-store.ts wraps it. */
export interface VisitedView {
  /** Pathname: the identity of a tag. */
  path: string;
  /** Pathname plus search: where the tag navigates. */
  fullPath: string;
  /** Route code (titles are looked up per language when rendering). */
  code: string;
  query: Record<string, string>;
  affix?: boolean;
  noCache?: boolean;
}

export interface TagsState {
  visitedViews: VisitedView[];
  cachedViews: string[];
}

export function addView(state: TagsState, view: VisitedView): TagsState {
  const index = state.visitedViews.findIndex((v) => v.path === view.path);
  const visitedViews =
    index === -1
      ? view.affix
        ? [view, ...state.visitedViews]
        : [...state.visitedViews, view]
      : state.visitedViews.map((v, i) =>
          i === index ? { ...v, fullPath: view.fullPath, query: view.query } : v,
        );
  const cachedViews =
    view.noCache || state.cachedViews.includes(view.code)
      ? state.cachedViews
      : [...state.cachedViews, view.code];
  return { visitedViews, cachedViews };
}

export function delView(state: TagsState, path: string): TagsState {
  const target = state.visitedViews.find((v) => v.path === path);
  if (!target || target.affix) return state;
  const visitedViews = state.visitedViews.filter((v) => v.path !== path);
  const stillUsed = visitedViews.some((v) => v.code === target.code);
  return {
    visitedViews,
    cachedViews: stillUsed ? state.cachedViews : state.cachedViews.filter((c) => c !== target.code),
  };
}

export function delOthersViews(state: TagsState, path: string): TagsState {
  const visitedViews = state.visitedViews.filter((v) => v.affix || v.path === path);
  return {
    visitedViews,
    cachedViews: state.cachedViews.filter((c) => visitedViews.some((v) => v.code === c)),
  };
}

export function delAllViews(state: TagsState): TagsState {
  const visitedViews = state.visitedViews.filter((v) => v.affix);
  return {
    visitedViews,
    cachedViews: state.cachedViews.filter((c) => visitedViews.some((v) => v.code === c)),
  };
}

/**
 * The page a pathname shows, for the tag strip: "refresh tab" passes through `/redirect/<path>`,
 * and during that moment the page is still `<path>` (closing it must leave it, not let the
 * redirect bring it back).
 */
export function shownPath(pathname: string): string {
  return pathname.startsWith('/redirect/') ? pathname.slice('/redirect'.length) : pathname;
}

/** Where to go after closing `closedPath` while `activePath` is shown (null: stay). */
export function nextAfterClose(
  before: VisitedView[],
  after: VisitedView[],
  closedPath: string,
  activePath: string,
) {
  if (closedPath !== activePath) return null;
  const last = after.at(-1);
  if (last) return last.fullPath;
  return before.length > 0 ? '/dashboard' : null;
}
