import { SCENE_PAGE } from '@sentinel/contract';
import { Select } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useFixedOperationList } from './api/run-queries.ts';

/** Jumps to another enabled job scene (fixedOperation/list); hidden while there is no other. */
export function JobSceneSwitcher({ sceneId }: { sceneId: number }) {
  const { t } = useTranslation('scenes');
  const navigate = useNavigate();
  const query = useFixedOperationList();
  const operations = query.data?.list ?? [];
  if (operations.length < 2) return null;
  return (
    <Select
      size="small"
      showSearch={{ optionFilterProp: 'label' }}
      value={sceneId}
      aria-label={t('monitor.switchJob')}
      title={t('monitor.switchJob')}
      style={{ width: 220, maxWidth: '100%' }}
      popupMatchSelectWidth={false}
      onChange={(next: number) => navigate(SCENE_PAGE.job.path(next))}
      options={operations.map((op) => ({ value: op.sceneId, label: `${op.sceneName} · ${op.jobTypeName}` }))}
      data-testid="monitor-job-switch"
    />
  );
}
