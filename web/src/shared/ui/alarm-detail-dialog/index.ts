export { AlarmActionButtons, useAlarmButtons } from './alarm-action-buttons.tsx';
export * from './alarm-api.ts';
export { AlarmCommentInput } from './alarm-comment-input.tsx';
export { AlarmDetailDialog, type AlarmDetailDialogProps } from './alarm-detail-dialog.tsx';
export { AlarmStateTag } from './alarm-fields.tsx';
export * from './alarm-rules.ts';
export { rememberApproved, useSessionApproved } from './session-approved.ts';
