import { ALARM_STATE, type AlarmListQuery, type PriorityCode } from '@sentinel/contract';
import { Flex, Form, Select, Tag } from 'antd';
import { useEffect } from 'react';
import { FilterBar } from '@/shared/filters/filter-bar.tsx';
import { AlgorithmField, CameraField, PriorityField, SceneField } from '@/shared/filters/picker-fields.tsx';
import { PlantAreaFields } from '@/shared/filters/plant-area-fields.tsx';
import { definedFields, type PartialRange, rangeToQuery } from '@/shared/filters/time-presets.ts';
import { TimeRangeField } from '@/shared/filters/time-range-field.tsx';
import { rangeOfFilters } from '@/shared/filters/url-filters.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';

export type AlarmFilters = Omit<AlarmListQuery, 'page' | 'limit'>;

interface FilterValues {
  range?: PartialRange;
  priority?: PriorityCode;
  algorithmId?: number;
  factoryId?: number;
  areaId?: number;
  sceneId?: number;
  cameraId?: number;
  status?: 'untreated' | 'processed';
  falsePositive?: boolean;
}

const closeButton = {
  border: 0,
  padding: '0 2px',
  background: 'none',
  color: 'inherit',
  cursor: 'pointer',
  font: 'inherit',
} as const;

/** Filters a link may set that have no field in the form: shown as closable tags instead. */
const TAG_FIELDS = ['handlerId', 'inJob', 'approved', 'alarmState'] as const;
type TagField = (typeof TAG_FIELDS)[number];

function formValuesOf(filters: AlarmFilters): FilterValues {
  const { startTime, endTime, handlerId, inJob, approved, alarmState, ...fields } = filters;
  return { range: rangeOfFilters({ startTime, endTime }), ...fields };
}

function tagFieldsOf(filters: AlarmFilters): Partial<AlarmFilters> {
  return definedFields(Object.fromEntries(TAG_FIELDS.map((name) => [name, filters[name]])));
}

interface AlarmFilterBarProps {
  /** The filters in force (from the page URL): shown in the form and as tags. */
  value: AlarmFilters;
  onSearch: (filters: AlarmFilters) => void;
  /** Name of the account of `value.handlerId` (from the listed alarms), for its tag. */
  handlerName?: string;
}

/**
 * The history alarm filters (SPEC §3 list descriptions: level, type, time, area, plant, status,
 * false positive). Filters a link set without a form field (handler, during job runs, approved,
 * exact state) show as closable tags so the user sees why the list is filtered; a search keeps them.
 */
export function AlarmFilterBar({ value, onSearch, handlerName }: AlarmFilterBarProps) {
  const { t } = useTranslation('alarms');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<FilterValues>();
  const tags = tagFieldsOf(value);

  // The form shows the filters in force: on open (a link's filters) and when the URL changes.
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(formValuesOf(value));
  }, [form, value]);

  function submit(values: FilterValues) {
    const { range, ...rest } = values;
    onSearch({ ...rangeToQuery(range), ...definedFields(rest), ...tags });
  }

  function tagText(name: TagField): string {
    switch (name) {
      case 'handlerId':
        return t('tag.handler', { name: handlerName || `#${value.handlerId}` });
      case 'inJob':
        return value.inJob ? t('tag.inJob') : t('tag.notInJob');
      case 'approved':
        return value.approved ? t('tag.approved') : t('tag.notApproved');
      case 'alarmState':
        return t('tag.state', { state: tc(`alarm.state.${value.alarmState ?? ALARM_STATE.pending}`) });
    }
  }

  return (
    <>
      <FilterBar
        form={form}
        onFinish={submit}
        onReset={() => onSearch({})}
        testId="alarm-filters"
        searchTestId="alarm-search"
      >
        <TimeRangeField testId="alarm-filter-range" />
        <PriorityField label={t('filter.level')} testId="alarm-filter-level" />
        <AlgorithmField label={t('filter.type')} testId="alarm-filter-type" />
        <PlantAreaFields
          form={form}
          factoryLabel={t('filter.factory')}
          areaLabel={t('filter.area')}
          testId="alarm-filter"
        />
        <SceneField testId="alarm-filter-scene" />
        <CameraField testId="alarm-filter-camera" />
        <Form.Item name="status">
          <Select
            allowClear
            placeholder={t('filter.status')}
            aria-label={t('filter.status')}
            style={{ minWidth: 120 }}
            data-testid="alarm-filter-status"
            options={[
              { value: 'untreated', label: t('status.untreated') },
              { value: 'processed', label: t('status.processed') },
            ]}
          />
        </Form.Item>
        <Form.Item name="falsePositive">
          <Select
            allowClear
            placeholder={t('filter.falsePositive')}
            aria-label={t('filter.falsePositive')}
            style={{ minWidth: 120 }}
            data-testid="alarm-filter-false-positive"
            options={[
              { value: true, label: t('falsePositive.yes') },
              { value: false, label: t('falsePositive.no') },
            ]}
          />
        </Form.Item>
      </FilterBar>
      {Object.keys(tags).length > 0 ? (
        <Flex wrap gap={8} style={{ marginTop: -8, marginBottom: 12 }} data-testid="alarm-filter-tags">
          {TAG_FIELDS.filter((name) => name in tags).map((name) => (
            <Tag
              key={name}
              color="blue"
              closable
              closeIcon={
                <button
                  type="button"
                  aria-label={t('tag.remove', { tag: tagText(name) })}
                  style={closeButton}
                >
                  ×
                </button>
              }
              data-testid={`alarm-filter-tag-${name}`}
              onClose={(event) => {
                event.preventDefault();
                const { [name]: _removed, ...rest } = value;
                onSearch(rest);
              }}
            >
              {tagText(name)}
            </Tag>
          ))}
        </Flex>
      ) : null}
    </>
  );
}
