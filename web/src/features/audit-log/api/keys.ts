/** Query keys of the audit log feature. */
export const AUDIT_KEY = ['auditLog'] as const;
export const AUDIT_LIST_KEY = [...AUDIT_KEY, 'list'] as const;
export const AUDIT_ACTIONS_KEY = [...AUDIT_KEY, 'actions'] as const;
