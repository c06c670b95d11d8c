/** Query keys of the roles feature. */
export const ROLES_KEY = ['roles'] as const;
export const ROLE_LIST_KEY = [...ROLES_KEY, 'list'] as const;
export const ROLE_AUTH_KEY = [...ROLES_KEY, 'auth'] as const;
export const ROLE_LOG_KEY = [...ROLES_KEY, 'log'] as const;
export const ROLE_MENU_KEY = [...ROLES_KEY, 'menu'] as const;
