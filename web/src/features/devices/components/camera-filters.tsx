import { CAMERA_TYPE_KINDS } from '@sentinel/contract';
import { Button, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { AreaSelect } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useAllCameraTypes } from '../api/camera-types.ts';

export interface CameraFilterValues {
  keyword: string;
  areaId: number | null;
  online: boolean | null;
  cameraTypeId: number | null;
  type: string | null;
}

export const NO_FILTERS: CameraFilterValues = {
  keyword: '',
  areaId: null,
  online: null,
  cameraTypeId: null,
  type: null,
};

/** Search bar of the camera list: keyword (name, code, IP), area, status, camera type, form type. */
export function CameraFilters({ onSearch }: { onSearch: (values: CameraFilterValues) => void }) {
  const { t } = useTranslation('devices');
  const { t: tc } = useTranslation();
  const types = useAllCameraTypes();
  const [draft, setDraft] = useState<CameraFilterValues>(NO_FILTERS);
  const set = (patch: Partial<CameraFilterValues>) => setDraft((d) => ({ ...d, ...patch }));
  const kinds = [...new Set([...CAMERA_TYPE_KINDS, ...(types.data ?? []).map((o) => o.type)])];

  return (
    <Space wrap size={[8, 8]} data-testid="camera-filters">
      <Input.Search
        allowClear
        value={draft.keyword}
        onChange={(e) => set({ keyword: e.target.value })}
        onSearch={(keyword) => onSearch({ ...draft, keyword })}
        placeholder={t('filter.keyword')}
        aria-label={t('filter.keyword')}
        style={{ width: 240 }}
        data-testid="camera-keyword"
      />
      <AreaSelect
        value={draft.areaId}
        onChange={(areaId) => set({ areaId })}
        placeholder={t('filter.area')}
        style={{ width: 200 }}
        testId="filter-area"
      />
      <Select
        allowClear
        value={draft.online === null ? undefined : String(draft.online)}
        onChange={(v?: string) => set({ online: v === undefined ? null : v === 'true' })}
        placeholder={t('filter.status')}
        style={{ width: 130 }}
        data-testid="filter-status"
        options={[
          { value: 'true', label: t('status.online') },
          { value: 'false', label: t('status.offline') },
        ]}
      />
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        value={draft.cameraTypeId ?? undefined}
        onChange={(v?: number) => set({ cameraTypeId: v ?? null })}
        placeholder={t('filter.cameraType')}
        style={{ width: 220 }}
        options={(types.data ?? []).map((o) => ({ value: o.id, label: `${o.brand} ${o.model}` }))}
      />
      <Select
        allowClear
        value={draft.type ?? undefined}
        onChange={(v?: string) => set({ type: v ?? null })}
        placeholder={t('filter.type')}
        style={{ width: 130 }}
        options={kinds.map((k) => ({ value: k, label: t(`typeKind.${k}`, { defaultValue: k }) }))}
      />
      <Button type="primary" onClick={() => onSearch(draft)} data-testid="camera-search">
        {tc('search')}
      </Button>
      <Button
        onClick={() => {
          setDraft(NO_FILTERS);
          onSearch(NO_FILTERS);
        }}
      >
        {tc('reset')}
      </Button>
    </Space>
  );
}
