import { ALARM_STATE } from '@sentinel/contract';

/** An action a user may take on an alarm (SPEC §4 alarm state table). */
export type AlarmActionKind = 'deal' | 'cancel' | 'approve' | 'noApprove';

export type AlarmDialogMode = 'normal' | 'approval';

/** Button codes that allow each action, per screen (contract BUTTONS). */
export const ACTION_CODES: Record<AlarmDialogMode, Record<AlarmActionKind, string>> = {
  normal: {
    deal: 'historyAlarm:deal',
    cancel: 'historyAlarm:cancel',
    approve: 'alarmApproval:approve',
    noApprove: 'alarmApproval:noApprove',
  },
  // The approval view has no "cancel" code of its own: the server checks historyAlarm:cancel there too.
  approval: {
    deal: 'historyAlarm:deal',
    cancel: 'historyAlarm:cancel',
    approve: 'alarmApproval:approve',
    noApprove: 'alarmApproval:noApprove',
  },
};

export interface AlarmStateLike {
  alarmState: number;
  approveTime: string | null;
}

/** Is this alarm approved (state 2 with an approval time)? */
export const isApproved = (alarm: AlarmStateLike) =>
  alarm.alarmState === ALARM_STATE.processed && Boolean(alarm.approveTime);

/**
 * The actions of an alarm's current state: 1 → process, mark false positive; 2/3 → none
 * (except revoking an approval in the approval view); 4 → mark false positive, and approve in the
 * approval view. `can` filters by the caller's button codes.
 */
export function alarmActions(
  alarm: AlarmStateLike,
  mode: AlarmDialogMode,
  can: (code: string) => boolean = () => true,
): AlarmActionKind[] {
  const candidates: AlarmActionKind[] = [];
  if (alarm.alarmState === ALARM_STATE.pending) candidates.push('deal', 'cancel');
  else if (alarm.alarmState === ALARM_STATE.awaitingApproval) {
    if (mode === 'approval') candidates.push('approve');
    candidates.push('cancel');
  } else if (mode === 'approval' && isApproved(alarm)) candidates.push('noApprove');
  return candidates.filter((kind) => can(ACTION_CODES[mode][kind]));
}

/**
 * The three levels of the history alarm detail dialog (SPEC §2: severe, urgent, general):
 * 120004 urgent, 120003 serious → severe, lower codes → general.
 */
export type DialogLevel = 'urgent' | 'severe' | 'general';
export function dialogLevel(priority: number): DialogLevel {
  if (priority >= 120004) return 'urgent';
  if (priority === 120003) return 'severe';
  return 'general';
}
export const DIALOG_LEVEL_COLORS: Record<DialogLevel, string> = {
  urgent: 'red',
  severe: 'orange',
  general: 'gold',
};
