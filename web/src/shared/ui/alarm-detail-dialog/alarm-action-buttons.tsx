import type { AlarmItem } from '@sentinel/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, type ButtonProps, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { confirmDialog } from '../feedback.ts';
import { useOpenedOnce } from '../use-opened-once.ts';
import { conflictAlarm, patchCachedAlarm, refreshAlarms, runAlarmAction } from './alarm-api.ts';
import { type AlarmActionKind, type AlarmDialogMode, alarmActions } from './alarm-rules.ts';
import { rememberApproved } from './session-approved.ts';

/** Loaded when first opened (issue 17 §8: antd's Modal, Alert and the comment input are not on the home's first load). */
const AlarmDealDialog = lazy(() =>
  import('./alarm-deal-dialog.tsx').then((m) => ({ default: m.AlarmDealDialog })),
);

const CONFIRM_KEYS: Record<Exclude<AlarmActionKind, 'deal'>, string> = {
  cancel: 'alarm.confirm.cancel',
  approve: 'alarm.confirm.approve',
  noApprove: 'alarm.confirm.noApprove',
};

/** The caller's codes on both alarm screens. */
export function useAlarmButtons() {
  const history = useButtons('historyAlarm');
  const approval = useButtons('alarmApproval');
  return (code: string) => history.can(code) || approval.can(code);
}

/**
 * The actions of an alarm's current state (SPEC §4). Process asks for an optional comment;
 * the others are confirmed. A 409 shows the server message and refreshes the alarm in place;
 * the comment typed stays in the dialog.
 */
export function AlarmActionButtons({
  alarm,
  mode,
  size = 'small',
  link = true,
  onChanged,
  can: canOverride,
}: {
  alarm: AlarmItem;
  mode: AlarmDialogMode;
  size?: 'small' | 'middle';
  link?: boolean;
  onChanged?: () => void;
  /** Whether a code of ACTION_CODES is granted (default: the caller's codes on the alarm screens). */
  can?: (code: string) => boolean;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const screens = useAlarmButtons();
  const can = canOverride ?? screens;
  const [dealing, setDealing] = useState(false);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [stale, setStale] = useState(false);
  const actions = alarmActions(alarm, mode, can);
  const dealMounted = useOpenedOnce(dealing);

  async function run(kind: AlarmActionKind, text = ''): Promise<boolean> {
    setBusy(true);
    try {
      await runAlarmAction(kind, alarm, text);
      if (kind === 'approve') rememberApproved(alarm.id);
      refreshAlarms(client, alarm.id);
      onChanged?.();
      return true;
    } catch (error) {
      const current = conflictAlarm(error);
      if (current) {
        patchCachedAlarm(client, current);
        refreshAlarms(client, alarm.id);
        setStale(true);
      }
      return false;
    } finally {
      setBusy(false);
    }
  }

  function start(kind: AlarmActionKind) {
    if (kind === 'deal') {
      setStale(false);
      setDealing(true);
      return;
    }
    confirmDialog({
      title: t(CONFIRM_KEYS[kind]),
      content: `#${alarm.id} ${alarm.videoAlarmTypeName}`,
      okButtonProps: { danger: kind !== 'approve', 'data-testid': 'alarm-confirm-ok' } as ButtonProps,
      onOk: () => run(kind),
    });
  }

  if (actions.length === 0 && !dealing) return null;
  return (
    <>
      <Space size={link ? 0 : 8} wrap>
        {actions.map((kind) => (
          <Button
            key={kind}
            type={link ? 'link' : kind === 'deal' || kind === 'approve' ? 'primary' : 'default'}
            danger={kind === 'cancel' || kind === 'noApprove'}
            size={size}
            loading={busy}
            onClick={() => start(kind)}
            data-testid={`alarm-${alarm.id}-${kind}`}
          >
            {t(`alarm.action.${kind}`)}
          </Button>
        ))}
      </Space>
      {dealMounted ? (
        <Suspense fallback={null}>
          <AlarmDealDialog
            open={dealing}
            alarmId={alarm.id}
            busy={busy}
            stale={stale}
            comment={comment}
            onComment={setComment}
            onCancel={() => setDealing(false)}
            onOk={async () => {
              if (await run('deal', comment.trim())) {
                setDealing(false);
                setComment('');
              }
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
