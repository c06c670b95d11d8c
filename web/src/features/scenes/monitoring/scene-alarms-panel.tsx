import { Divider, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { AlarmFigures } from './alarm-figures.tsx';
import { useSceneAlarmList } from './api/alarm-queries.ts';
import { AlarmRows } from './scene-alarm-list.tsx';

/** History alarms filtered by this scene (the list reads its filters from the URL). */
export const historyAlarmsOf = (sceneId: number) => `/historyRecords/historyAlarm?sceneId=${sceneId}`;

/** The scene's alarm figures and its latest alarms, kept live by the page's event subscriptions. */
export function SceneAlarmsPanel({
  sceneId,
  arrived,
  onOpen,
}: {
  sceneId: number;
  arrived: Set<number>;
  onOpen: (ids: number[], index: number) => void;
}) {
  const { t } = useTranslation('scenes');
  const list = useSceneAlarmList(sceneId);
  return (
    <div data-testid="scene-alarms">
      <AlarmFigures sceneId={sceneId} onOpen={(id) => onOpen([id], 0)} />
      <Divider style={{ margin: '12px 0 4px' }} />
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">{t('monitor.newestFirst')}</Typography.Text>
        <Link to={historyAlarmsOf(sceneId)} data-testid="scene-alarms-all">
          {t('monitor.allAlarms')}
        </Link>
      </Flex>
      <AlarmRows
        rows={list.data?.list}
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        onOpen={onOpen}
        arrived={arrived}
        empty={t('monitor.noAlarms')}
        testId="scene-alarm-list"
      />
    </div>
  );
}
