import type { SceneCameraScene } from '@sentinel/contract';
import { Select } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';

const KIND_ORDER = ['general', 'job', 'temporary'] as const;

/** Scene picker: every scene grouped by kind (general, job, temporary). */
export function SceneSelect({
  scenes,
  value,
  onChange,
  loading,
}: {
  scenes: SceneCameraScene[];
  value: number | undefined;
  onChange: (sceneId: number) => void;
  loading?: boolean;
}) {
  const { t } = useTranslation('sceneCameras');
  const options = KIND_ORDER.map((kind) => ({
    label: t(`kinds.${kind}`),
    title: kind,
    options: scenes
      .filter((s) => s.kind === kind)
      .map((s) => ({
        value: s.id,
        label: s.enabled ? s.name : `${s.name} (${t('sceneDisabled')})`,
      })),
  })).filter((group) => group.options.length > 0);
  return (
    <Select
      data-testid="scene-select"
      aria-label={t('scene')}
      style={{ width: 260, maxWidth: '100%' }}
      placeholder={t('selectScene')}
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      value={value}
      onChange={onChange}
      options={options}
    />
  );
}
