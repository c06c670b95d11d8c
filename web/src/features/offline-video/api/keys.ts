/** Query keys of the offline video feature. */
export const OFFLINE_KEY = ['offlineVideo'] as const;
export const OFFLINE_LIST_KEY = [...OFFLINE_KEY, 'list'] as const;
export const OFFLINE_DETAIL_KEY = [...OFFLINE_KEY, 'detail'] as const;
