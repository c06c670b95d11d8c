import { OFFLINE_STATE, type OfflineAnalysisItem, type OfflineState } from '@sentinel/contract';

/** Tag colour per state: waiting grey, analyzing blue (processing), finished green, failed red. */
const COLORS: Record<OfflineState, string> = {
  [OFFLINE_STATE.waiting]: 'default',
  [OFFLINE_STATE.analyzing]: 'processing',
  [OFFLINE_STATE.finished]: 'success',
  [OFFLINE_STATE.failed]: 'error',
};

const KEYS: Record<OfflineState, string> = {
  [OFFLINE_STATE.waiting]: 'state.waiting',
  [OFFLINE_STATE.analyzing]: 'state.analyzing',
  [OFFLINE_STATE.finished]: 'state.finished',
  [OFFLINE_STATE.failed]: 'state.failed',
};

export const STATE_OPTIONS: OfflineState[] = [
  OFFLINE_STATE.waiting,
  OFFLINE_STATE.analyzing,
  OFFLINE_STATE.finished,
  OFFLINE_STATE.failed,
];

/** The antd Tag colour and the locale key (namespace offlineVideo) of a state. */
export function stateTag(state: OfflineState): { color: string; labelKey: string } {
  return { color: COLORS[state], labelKey: KEYS[state] };
}

/** Waiting or analyzing: the job still changes on its own. */
export function isActive(state: OfflineState): boolean {
  return state === OFFLINE_STATE.waiting || state === OFFLINE_STATE.analyzing;
}

/** How often to refetch: every 2 s while a shown job is waiting or analyzing, otherwise never. */
export const POLL_MS = 2000;
export function pollInterval(items: Pick<OfflineAnalysisItem, 'state'>[] | undefined): number | false {
  return items?.some((item) => isActive(item.state)) ? POLL_MS : false;
}
