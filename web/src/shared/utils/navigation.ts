/** Router navigation for code outside components (request layer). The app registers it. */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (to) => {
  window.location.assign(to);
};

export function registerNavigate(fn: Navigate) {
  navigateImpl = fn;
}

export function navigateTo(to: string, options?: { replace?: boolean }) {
  navigateImpl(to, options);
}

export function currentPathWithQuery(): string {
  return `${window.location.pathname}${window.location.search}`;
}
