/** Every account query starts with this key; mutations invalidate it. */
export const ACCOUNTS_KEY = ['accounts'] as const;
