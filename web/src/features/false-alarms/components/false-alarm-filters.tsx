import { FALSE_ALARM_STATES, type FalseAlarmRecordQuery } from '@sentinel/contract';
import { Form, Select } from 'antd';
import { FilterBar } from '@/shared/filters/filter-bar.tsx';
import { AlgorithmField, SceneField } from '@/shared/filters/picker-fields.tsx';
import { type PartialRange, rangeToQuery } from '@/shared/filters/time-presets.ts';
import { TimeRangeField } from '@/shared/filters/time-range-field.tsx';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useRates } from '../api/false-alarms.ts';

export type FalseAlarmFilters = Omit<FalseAlarmRecordQuery, 'page' | 'limit'>;

interface FilterValues {
  range?: PartialRange;
  state?: FalseAlarmRecordQuery['state'];
  algorithmId?: number;
  versionId?: number;
  sceneId?: number;
}

/** The versions that raised alarms (from the rate figures), of the chosen algorithm when one is. */
function VersionField({ algorithmId }: { algorithmId?: number }) {
  const { t } = useTranslation('falseAlarms');
  const rates = useRates();
  const options = (rates.data?.versions ?? [])
    .filter((v) => v.versionId !== null && (!algorithmId || v.algorithmId === algorithmId))
    .map((v) => ({ value: v.versionId as number, label: `${v.algorithmName} v${v.versionNumber ?? '?'}` }));
  return (
    <Form.Item name="versionId">
      <Select
        allowClear
        placeholder={t('filter.version')}
        aria-label={t('filter.version')}
        style={{ minWidth: 160 }}
        data-testid="false-alarm-filter-version"
        options={options}
      />
    </Form.Item>
  );
}

/** Review state, time range (presets and custom; both ends or none), algorithm, version, scene. */
export function FalseAlarmFilterBar({ onSearch }: { onSearch: (filters: FalseAlarmFilters) => void }) {
  const { t } = useTranslation('falseAlarms');
  const [form] = Form.useForm<FilterValues>();
  const algorithmId = Form.useWatch('algorithmId', form);

  function submit({ range, state, algorithmId, versionId, sceneId }: FilterValues) {
    onSearch({
      ...rangeToQuery(range),
      ...(state ? { state } : {}),
      ...(algorithmId ? { algorithmId } : {}),
      ...(versionId ? { versionId } : {}),
      ...(sceneId ? { sceneId } : {}),
    });
  }

  return (
    <FilterBar
      form={form}
      onFinish={submit}
      onReset={() => onSearch({})}
      testId="false-alarm-filters"
      searchTestId="false-alarm-search"
    >
      <Form.Item name="state">
        <Select
          allowClear
          placeholder={t('filter.state')}
          aria-label={t('filter.state')}
          style={{ minWidth: 140 }}
          data-testid="false-alarm-filter-state"
          options={FALSE_ALARM_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
        />
      </Form.Item>
      <TimeRangeField testId="false-alarm-filter-range" />
      <AlgorithmField label={t('filter.algorithm')} testId="false-alarm-filter-algorithm" minWidth={180} />
      <VersionField algorithmId={algorithmId} />
      <SceneField testId="false-alarm-filter-scene" minWidth={180} />
    </FilterBar>
  );
}
