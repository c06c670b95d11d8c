import { Button, Input, Select, Space, TreeSelect } from 'antd';
import { useState } from 'react';
import { usePlantTree } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { areaOptions } from '../lib/kind.ts';

export interface SceneFilterValues {
  keyword: string;
  areaId: number | null;
  enabled: boolean | null;
}

export const EMPTY_FILTERS: SceneFilterValues = { keyword: '', areaId: null, enabled: null };

/** Keyword, area and status filters of a scene list. */
export function SceneFilters({
  placeholder,
  onSearch,
}: {
  placeholder: string;
  onSearch: (values: SceneFilterValues) => void;
}) {
  const { t } = useTranslation('scenes');
  const tree = usePlantTree();
  const [values, setValues] = useState<SceneFilterValues>(EMPTY_FILTERS);
  return (
    <Space wrap style={{ marginBottom: 12 }} data-testid="scene-filters">
      <Input.Search
        allowClear
        value={values.keyword}
        placeholder={placeholder}
        aria-label={t('field.keyword')}
        style={{ width: 220 }}
        onChange={(e) => setValues({ ...values, keyword: e.target.value })}
        onSearch={() => onSearch(values)}
        data-testid="scene-keyword"
      />
      <TreeSelect
        allowClear
        value={values.areaId ?? undefined}
        treeData={areaOptions(tree.data)}
        placeholder={t('placeholder.area')}
        aria-label={t('field.area')}
        treeDefaultExpandAll
        style={{ width: 200 }}
        onChange={(value?: number) => setValues({ ...values, areaId: value ?? null })}
      />
      <Select
        value={values.enabled === null ? 'all' : values.enabled ? 'on' : 'off'}
        aria-label={t('field.enabled')}
        style={{ width: 120 }}
        options={[
          { value: 'all', label: t('filter.all') },
          { value: 'on', label: t('filter.enabled') },
          { value: 'off', label: t('filter.disabled') },
        ]}
        onChange={(v) => setValues({ ...values, enabled: v === 'all' ? null : v === 'on' })}
      />
      <Button type="primary" onClick={() => onSearch(values)}>
        {t('action.search')}
      </Button>
      <Button
        onClick={() => {
          setValues(EMPTY_FILTERS);
          onSearch(EMPTY_FILTERS);
        }}
      >
        {t('action.reset')}
      </Button>
    </Space>
  );
}
