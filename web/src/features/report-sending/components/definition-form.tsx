import {
  type PlantTreeNode,
  REPORT_CONTENTS,
  REPORT_FREQUENCIES,
  REPORT_LANGS,
  type ReportDefinitionBody,
  type ReportDefinitionItem,
  type ReportFrequency,
  reportDefinitionBody,
} from '@sentinel/contract';
import { Button, Checkbox, Form, Input, InputNumber, Select, Space, Switch, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { AreaSelect, CrudForm, type EditFormProps, usePlantTree, zodRule } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { definitionApi, useAccountOptions, useSceneOptions } from '../api.ts';

const f = reportDefinitionBody.shape;

interface Values {
  name: string;
  enabled: boolean;
  contents: ReportDefinitionBody['contents'];
  plantId?: number | null;
  /** Plants and areas of the scope, one picker (areas go to areaIds, other nodes to factoryIds). */
  places: number[];
  sceneIds: number[];
  frequency: ReportFrequency;
  intervalMinutes?: number | null;
  timeOfDay: string;
  weekday: number;
  dayOfMonth: number;
  recipients: { accountId?: number | null; address?: string; lang: 'en' | 'zh-CN' }[];
  skipWhenNoAlarms: boolean;
}

interface TreeOption {
  value: number;
  title: string;
  children?: TreeOption[];
}
const toOptions = (nodes: PlantTreeNode[]): TreeOption[] =>
  nodes.map((n) => ({
    value: n.id,
    title: n.name,
    children: n.children?.length ? toOptions(n.children) : undefined,
  }));
const kindsOf = (nodes: PlantTreeNode[], out = new Map<number, string>()) => {
  for (const n of nodes) {
    out.set(n.id, n.kind);
    kindsOf(n.children ?? [], out);
  }
  return out;
};

/**
 * Add / edit a report definition. `plant`: the plant data report page — the content is the
 * per-area figures of one plant (chosen here) instead of contents and scope.
 */
export function DefinitionForm({
  plant = false,
  ...props
}: EditFormProps<ReportDefinitionItem> & { plant?: boolean }) {
  const { t } = useTranslation('reportSending');
  const tree = usePlantTree();
  const accounts = useAccountOptions();
  const scenes = useSceneOptions();
  const kinds = useMemo(() => kindsOf(tree.data ?? []), [tree.data]);
  const treeData = useMemo(() => toOptions(tree.data ?? []), [tree.data]);
  const testId = plant ? 'plant-report' : 'report-definition';

  const toValues = (row: ReportDefinitionItem): Partial<Values> => ({
    ...row,
    places: [...row.scope.factoryIds, ...row.scope.areaIds],
    sceneIds: row.scope.sceneIds,
    recipients: row.recipients.map((r) => ({
      accountId: r.accountId ?? undefined,
      address: r.address,
      lang: r.lang,
    })),
  });
  const toBody = (v: Values): ReportDefinitionBody => ({
    name: v.name,
    enabled: v.enabled,
    contents: plant ? ['plantAreas'] : v.contents,
    plantId: plant ? (v.plantId ?? null) : null,
    scope: plant
      ? { factoryIds: [], areaIds: [], sceneIds: [] }
      : {
          factoryIds: (v.places ?? []).filter((id) => kinds.get(id) !== 'area'),
          areaIds: (v.places ?? []).filter((id) => kinds.get(id) === 'area'),
          sceneIds: v.sceneIds ?? [],
        },
    frequency: v.frequency,
    intervalMinutes: v.frequency === 'interval' ? (v.intervalMinutes ?? null) : null,
    timeOfDay: v.timeOfDay || '07:00',
    weekday: v.weekday ?? 1,
    dayOfMonth: v.dayOfMonth ?? 1,
    recipients: (v.recipients ?? []).map((r) => ({
      accountId: r.accountId ?? null,
      address: r.accountId ? '' : (r.address ?? '').trim(),
      lang: r.lang,
    })),
    skipWhenNoAlarms: v.skipWhenNoAlarms ?? false,
  });

  return (
    <CrudForm<ReportDefinitionItem, ReportDefinitionBody, Values>
      api={definitionApi}
      {...props}
      title={{
        add: t(plant ? 'plant.add' : 'definition.add'),
        edit: t(plant ? 'plant.edit' : 'definition.edit'),
      }}
      name="reportDefinition"
      testId={testId}
      width={640}
      submitOnEnter={false}
      empty={{
        enabled: true,
        contents: ['alarmSummary'],
        places: [],
        sceneIds: [],
        frequency: plant ? 'daily' : 'daily',
        timeOfDay: '07:00',
        weekday: 1,
        dayOfMonth: 1,
        recipients: [{ lang: 'en' }],
        skipWhenNoAlarms: false,
      }}
      toValues={toValues}
      toBody={toBody}
    >
      <Form.Item name="name" label={t('field.name')} required rules={[zodRule(f.name)]}>
        <Input maxLength={100} autoFocus data-testid={`${testId}-name`} />
      </Form.Item>
      <Form.Item name="enabled" label={t('field.enabled')} valuePropName="checked">
        <Switch data-testid={`${testId}-enabled`} />
      </Form.Item>
      {plant ? (
        <Form.Item
          name="plantId"
          label={t('field.plant')}
          required
          rules={[{ required: true, message: t('plant.required') }]}
        >
          <AreaSelect testId={`${testId}-plant`} placeholder={t('field.plant')} />
        </Form.Item>
      ) : (
        <>
          <Form.Item name="contents" label={t('field.contents')} required rules={[zodRule(f.contents)]}>
            <Checkbox.Group
              data-testid={`${testId}-contents`}
              options={REPORT_CONTENTS.filter((c) => c !== 'plantAreas').map((c) => ({
                value: c,
                label: t(`content.${c}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="places" label={t('field.places')} extra={t('field.scopeHint')}>
            <TreeSelect
              multiple
              treeData={treeData}
              treeDefaultExpandAll
              showSearch
              treeNodeFilterProp="title"
              allowClear
              data-testid={`${testId}-places`}
            />
          </Form.Item>
          <Form.Item name="sceneIds" label={t('field.scenes')}>
            <Select
              mode="multiple"
              allowClear
              optionFilterProp="label"
              loading={scenes.isPending}
              options={(scenes.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              data-testid={`${testId}-scenes`}
            />
          </Form.Item>
        </>
      )}
      <Space wrap align="start">
        <Form.Item name="frequency" label={t('field.frequency')} required>
          <Select
            style={{ width: 200 }}
            data-testid={`${testId}-frequency`}
            options={REPORT_FREQUENCIES.map((v) => ({ value: v, label: t(`frequency.${v}`) }))}
          />
        </Form.Item>
        <Form.Item noStyle dependencies={['frequency']}>
          {({ getFieldValue }) => {
            const frequency = getFieldValue('frequency') as ReportFrequency;
            return (
              <Space wrap align="start">
                {frequency === 'interval' ? (
                  <Form.Item name="intervalMinutes" label={t('field.intervalMinutes')} required>
                    <InputNumber min={1} max={1440} data-testid={`${testId}-interval`} />
                  </Form.Item>
                ) : null}
                {frequency === 'weekly' ? (
                  <Form.Item name="weekday" label={t('field.weekday')}>
                    <Select
                      style={{ width: 140 }}
                      options={[1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: t(`weekday.${d}`) }))}
                    />
                  </Form.Item>
                ) : null}
                {frequency === 'monthly' ? (
                  <Form.Item name="dayOfMonth" label={t('field.dayOfMonth')}>
                    <InputNumber min={1} max={28} />
                  </Form.Item>
                ) : null}
                {frequency === 'daily' || frequency === 'weekly' || frequency === 'monthly' ? (
                  <Form.Item name="timeOfDay" label={t('field.timeOfDay')} rules={[zodRule(f.timeOfDay)]}>
                    <Input style={{ width: 100 }} placeholder="07:00" data-testid={`${testId}-time`} />
                  </Form.Item>
                ) : null}
              </Space>
            );
          }}
        </Form.Item>
      </Space>
      <Form.Item label={t('field.recipients')} required>
        <Form.List name="recipients">
          {(fields, { add, remove }) => (
            <Space direction="vertical" style={{ width: '100%' }}>
              {fields.map((field, index) => (
                <Space key={field.key} wrap align="start" data-testid={`${testId}-recipient-${index}`}>
                  <Form.Item name={[field.name, 'accountId']} noStyle>
                    <Select
                      allowClear
                      showSearch
                      optionFilterProp="label"
                      placeholder={t('field.account')}
                      style={{ width: 180 }}
                      options={accounts.data ?? []}
                      aria-label={t('field.account')}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'address']} noStyle>
                    <Input
                      placeholder={t('field.address')}
                      aria-label={t('field.address')}
                      style={{ width: 220 }}
                      data-testid={`${testId}-recipient-${index}-address`}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'lang']} noStyle>
                    <Select
                      style={{ width: 120 }}
                      aria-label={t('field.lang')}
                      data-testid={`${testId}-recipient-${index}-lang`}
                      options={REPORT_LANGS.map((l) => ({ value: l, label: t(`lang.${l}`) }))}
                    />
                  </Form.Item>
                  <Button onClick={() => remove(field.name)} aria-label={t('recipient.remove')}>
                    −
                  </Button>
                </Space>
              ))}
              <Button onClick={() => add({ lang: 'en' })} data-testid={`${testId}-recipient-add`}>
                {t('recipient.add')}
              </Button>
            </Space>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item name="skipWhenNoAlarms" valuePropName="checked">
        <Checkbox data-testid={`${testId}-skip`}>{t('field.skipWhenNoAlarms')}</Checkbox>
      </Form.Item>
    </CrudForm>
  );
}
