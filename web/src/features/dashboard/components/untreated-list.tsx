import { CheckCircleOutlined } from '@ant-design/icons';
import {
  ALARM_STATE,
  type AlarmItem,
  isPriorityCode,
  PRIORITY_COLORS,
  PRIORITY_LABELS,
} from '@sentinel/contract';
import { Empty, Flex, Skeleton, Tag } from 'antd';
import { lazy, memo, Suspense, useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import type { ConnectionState } from '@/shared/realtime/realtime-client.ts';
import { AlarmActionButtons } from '@/shared/ui/alarm-detail-dialog/alarm-action-buttons.tsx';
import { PageError } from '@/shared/ui/page-states.tsx';
import { Panel } from '@/shared/ui/panel.tsx';
import { formatTime } from '@/shared/utils/time.ts';
import { shortTime } from '../lib/format.ts';
import type { KpiLink } from '../lib/links.ts';
import { LiveStatus } from './live-status.tsx';

/**
 * The alarm dialog, loaded when first opened: the home is the first console route, whose first
 * load must stay light (issue 17 §8); the dialog brings antd's image, steps, timeline and tabs.
 */
const AlarmDetailDialog = lazy(() =>
  import('@/shared/ui/alarm-detail-dialog/alarm-detail-dialog.tsx').then((m) => ({
    default: m.AlarmDetailDialog,
  })),
);

interface Props {
  alarms: AlarmItem[];
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  /** Alarms that arrived live while the page was open (highlighted as they appear). */
  arrived: ReadonlySet<number>;
  /** Whether the user holds a handling code of ACTION_CODES (mapped to the home's codes). */
  can: (code: string) => boolean;
  onHandled: (alarm: AlarmItem) => void;
  /** All untreated alarms (History alarms), and how many there are. */
  allLink: KpiLink | null;
  total: number | undefined;
  /** The event stream's state (the live indicator in the header). */
  connection: ConnectionState;
}

/** One alarm (re-rendered only when it changes, not when others arrive or leave). */
const AlarmRow = memo(function AlarmRow({
  alarm,
  fresh,
  can,
  onOpen,
  onHandled,
}: {
  alarm: AlarmItem;
  fresh: boolean;
  can: Props['can'];
  onOpen: (id: number) => void;
  onHandled: Props['onHandled'];
}) {
  const { t } = useTranslation('dashboard');
  const lang = useLang();
  const level = isPriorityCode(alarm.priority) ? alarm.priority : null;
  return (
    <li
      className={fresh ? 'dash-alarm fresh' : 'dash-alarm'}
      data-testid="dashboard-alarm"
      data-id={alarm.id}
      data-state={alarm.alarmState}
    >
      <button
        type="button"
        className="dash-alarm-open"
        onClick={() => onOpen(alarm.id)}
        title={t('untreated.open')}
        data-testid="dashboard-alarm-open"
      >
        {level ? (
          <Tag color={PRIORITY_COLORS[level]} className="dash-alarm-level">
            {PRIORITY_LABELS[level][lang]}
          </Tag>
        ) : null}
        <span className="dash-alarm-text">
          <span className="dash-alarm-type">{alarm.videoAlarmTypeName}</span>
          <span className="dash-alarm-meta">
            {[alarm.sceneName, alarm.cameraName].filter(Boolean).join(' · ') || '—'}
          </span>
        </span>
        <span className="dash-alarm-when">
          <time dateTime={alarm.alarmTime} title={formatTime(alarm.alarmTime)}>
            {shortTime(alarm.alarmTime)}
          </time>
          {alarm.alarmState === ALARM_STATE.awaitingApproval ? (
            <Tag color="orange" data-testid="dashboard-alarm-awaiting">
              {t('untreated.awaiting')}
            </Tag>
          ) : null}
        </span>
      </button>
      <span className="dash-alarm-actions">
        <AlarmActionButtons
          alarm={alarm}
          mode="normal"
          link={false}
          can={can}
          onChanged={() => onHandled(alarm)}
        />
      </span>
    </li>
  );
});

/** The newest untreated alarms, live, each handled in one click or opened in the detail dialog. */
export const UntreatedList = memo(function UntreatedList({
  alarms,
  loading,
  error,
  onRetry,
  arrived,
  can,
  onHandled,
  allLink,
  total,
  connection,
}: Props) {
  const { t } = useTranslation('dashboard');
  const [open, setOpen] = useState<{ ids: number[]; index: number } | null>(null);
  const ids = useRef<number[]>([]);
  ids.current = alarms.map((a) => a.id);
  const openAt = useCallback(
    (id: number) => setOpen({ ids: ids.current, index: Math.max(0, ids.current.indexOf(id)) }),
    [],
  );

  let body: React.ReactNode;
  if (loading) body = <Skeleton active paragraph={{ rows: 6 }} data-testid="dashboard-alarms-loading" />;
  else if (error) body = <PageError message={error.message} onRetry={onRetry} />;
  else if (alarms.length === 0)
    body = (
      <Empty
        image={<CheckCircleOutlined className="dash-all-clear-icon" />}
        description={t('untreated.empty')}
        data-testid="dashboard-alarms-empty"
      />
    );
  else
    body = (
      <ul className="dash-alarms" data-testid="dashboard-alarms">
        {alarms.map((alarm) => (
          <AlarmRow
            key={alarm.id}
            alarm={alarm}
            fresh={arrived.has(alarm.id)}
            can={can}
            onOpen={openAt}
            onHandled={onHandled}
          />
        ))}
      </ul>
    );

  return (
    <Panel
      title={t('untreated.title')}
      className="dash-card"
      data-testid="dashboard-untreated"
      extra={
        <Flex gap={12} align="center">
          <LiveStatus connection={connection} />
          {allLink && total !== undefined ? (
            <Link to={allLink.to} data-testid="dashboard-untreated-all">
              {t('untreated.all', { count: total })}
            </Link>
          ) : null}
        </Flex>
      }
    >
      {body}
      {open ? (
        <Suspense fallback={null}>
          <AlarmDetailDialog ids={open.ids} index={open.index} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </Panel>
  );
});
