/**
 * API paths of SPEC §7 used by the foundation, plus the ones the SPEC does not show (marked).
 * All are relative to the origin; the server mounts them exactly here.
 */
export const API = {
  captcha: '/api/v2/backend/login/captcha',
  login: '/api/v2/backend/login',
  logout: '/api/v2/backend/login/logout',
  /** Not shown in the SPEC. */
  userInfo: '/api/v2/backend/login/userInfo',
  /** Not shown in the SPEC. */
  menu: '/api/v2/backend/login/menu',
  /** Self-service password change (body: password, newpassword). */
  changePassword: '/api/v2/backend/account/password',
  roleSubResource: (routeName: string) => `/api/v2/backend/role/${encodeURIComponent(routeName)}/subResource`,
  application: '/api/v2/backend/application/',
  exportList: '/api/v2/backend/export/list',
  exportDelete: (id: number) => `/api/v2/backend/export/${id}`,
  /** Server-sent events (token in the `token` header, or `?token=` for EventSource). */
  events: '/api/v2/backend/events',
  health: '/healthz',
} as const;
