import {
  PRIORITY_CODES,
  PRIORITY_LABELS,
  type ReceiverBody,
  type ReceiverFilters,
  type ReceiverItem,
  type ReceiverTestResult,
} from '@sentinel/contract';
import { Alert, Button, Form, Input, InputNumber, Select, Switch, TreeSelect, Typography } from 'antd';
import { useState } from 'react';
import { CrudForm, type EditFormProps, usePlantTree } from '@/shared/crud/index.ts';
import { useAlgorithmOptions, useSceneOptions } from '@/shared/filters/pickers.ts';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { receiverApi, useTestReceiver } from '../api.ts';

type Values = Omit<ReceiverBody, 'filters'> & {
  levels: number[];
  plantIds: number[];
  sceneIds: number[];
  algorithmIds: number[];
};

const EMPTY: Partial<Values> = {
  kind: 'webhook',
  enabled: true,
  lang: 'en',
  timeoutMs: 5000,
  maxAttempts: 8,
  topicTemplate: 'sentinel/{plant}/{scene}/{level}',
  levels: [],
  plantIds: [],
  sceneIds: [],
  algorithmIds: [],
};

const toValues = (row: ReceiverItem): Partial<Values> => ({
  name: row.name,
  kind: row.kind,
  enabled: row.enabled,
  lang: row.lang,
  url: row.url,
  secret: '',
  timeoutMs: row.timeoutMs,
  maxAttempts: row.maxAttempts,
  brokerUrl: row.brokerUrl,
  username: row.username,
  password: '',
  topicTemplate: row.topicTemplate,
  levels: row.filters.levels,
  plantIds: [...row.filters.plantIds, ...row.filters.areaIds],
  sceneIds: row.filters.sceneIds,
  algorithmIds: row.filters.algorithmIds,
});

const toBody = (v: Values): ReceiverBody => {
  const { levels, plantIds, sceneIds, algorithmIds, ...rest } = v;
  return {
    ...rest,
    filters: {
      levels: (levels ?? []) as ReceiverFilters['levels'],
      plantIds: plantIds ?? [],
      areaIds: [],
      sceneIds: sceneIds ?? [],
      algorithmIds: algorithmIds ?? [],
    },
  };
};

interface TreeNode {
  id: number;
  name: string;
  children?: TreeNode[];
}
interface TreeOption {
  value: number;
  title: string;
  children?: TreeOption[];
}
const treeOptions = (nodes: TreeNode[]): TreeOption[] =>
  nodes.map((n) => ({
    value: n.id,
    title: n.name,
    ...(n.children?.length ? { children: treeOptions(n.children) } : {}),
  }));

/** Sends a sample message with what the form holds now, and shows the receiver's answer. */
function TestButton({ id }: { id?: number }) {
  const { t } = useTranslation('outbound');
  const form = Form.useFormInstance<Values>();
  const test = useTestReceiver();
  const [result, setResult] = useState<ReceiverTestResult | null>(null);
  const run = async () => {
    const values = await form.validateFields();
    setResult(null);
    setResult(await test.mutateAsync({ ...toBody(values), ...(id ? { id } : {}) }));
  };
  return (
    <Form.Item>
      <Button
        onClick={() => void run().catch(() => undefined)}
        loading={test.isPending}
        data-testid="receiver-test"
      >
        {t('test')}
      </Button>
      {result ? (
        <Alert
          style={{ marginTop: 8 }}
          type={result.ok ? 'success' : 'error'}
          data-testid="receiver-test-result"
          title={
            result.ok ? t('testOk', { ms: result.durationMs }) : t('testFailed', { ms: result.durationMs })
          }
          description={
            <Typography.Text>
              {result.status ? `HTTP ${result.status} · ` : ''}
              {result.target} — {result.answer || '—'}
            </Typography.Text>
          }
        />
      ) : null}
    </Form.Item>
  );
}

/** A webhook or MQTT receiver with its filters; secrets are write-only (blank keeps the stored one). */
export function ReceiverForm(props: EditFormProps<ReceiverItem>) {
  const { t } = useTranslation('outbound');
  const lang = useLang();
  const plants = usePlantTree();
  const scenes = useSceneOptions();
  const algorithms = useAlgorithmOptions();
  const row = props.editing?.row;
  return (
    <CrudForm<ReceiverItem, ReceiverBody, Values>
      api={receiverApi}
      {...props}
      title={{ add: t('add'), edit: t('edit') }}
      name="receiver"
      testId="receiver"
      width={640}
      empty={EMPTY}
      toValues={toValues}
      toBody={toBody}
    >
      <Form.Item name="name" label={t('field.name')} rules={[{ required: true, message: t('required') }]}>
        <Input maxLength={64} autoFocus />
      </Form.Item>
      <Form.Item name="kind" label={t('field.kind')}>
        <Select
          options={[
            { value: 'webhook', label: t('kind.webhook') },
            { value: 'mqtt', label: t('kind.mqtt') },
          ]}
        />
      </Form.Item>
      <Form.Item name="enabled" label={t('field.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="lang" label={t('field.lang')}>
        <Select
          options={[
            { value: 'en', label: 'English' },
            { value: 'zh-CN', label: '简体中文' },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a: Values, b: Values) => a.kind !== b.kind}>
        {({ getFieldValue }) =>
          getFieldValue('kind') === 'mqtt' ? (
            <>
              <Form.Item
                name="brokerUrl"
                label={t('field.brokerUrl')}
                extra="mqtt://host:1883, mqtts://, ws://"
              >
                <Input maxLength={500} placeholder="mqtt://127.0.0.1:1883" />
              </Form.Item>
              <Form.Item name="topicTemplate" label={t('field.topicTemplate')} extra={t('topicHint')}>
                <Input maxLength={200} />
              </Form.Item>
              <Form.Item name="username" label={t('field.username')}>
                <Input maxLength={100} autoComplete="off" />
              </Form.Item>
              <Form.Item
                name="password"
                label={t('field.password')}
                extra={row?.hasPassword ? t('secretKept') : undefined}
              >
                <Input.Password maxLength={200} autoComplete="new-password" />
              </Form.Item>
            </>
          ) : (
            <>
              <Form.Item name="url" label={t('field.url')}>
                <Input maxLength={500} placeholder="https://example.com/alarms" />
              </Form.Item>
              <Form.Item
                name="secret"
                label={t('field.secret')}
                extra={row?.hasSecret ? t('secretKept') : t('secretHint')}
              >
                <Input.Password maxLength={200} autoComplete="new-password" />
              </Form.Item>
            </>
          )
        }
      </Form.Item>
      <Form.Item name="timeoutMs" label={t('field.timeoutMs')}>
        <InputNumber min={100} max={60000} step={500} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="maxAttempts" label={t('field.maxAttempts')}>
        <InputNumber min={1} max={50} style={{ width: 160 }} />
      </Form.Item>
      <Typography.Title level={5}>{t('filters')}</Typography.Title>
      <Form.Item name="levels" label={t('field.levels')} extra={t('anyWhenEmpty')}>
        <Select
          mode="multiple"
          options={PRIORITY_CODES.map((c) => ({ value: c, label: PRIORITY_LABELS[c][lang] }))}
        />
      </Form.Item>
      <Form.Item name="plantIds" label={t('field.plants')}>
        <TreeSelect multiple treeData={treeOptions((plants.data ?? []) as TreeNode[])} treeDefaultExpandAll />
      </Form.Item>
      <Form.Item name="sceneIds" label={t('field.scenes')}>
        <Select
          mode="multiple"
          optionFilterProp="label"
          options={(scenes.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
        />
      </Form.Item>
      <Form.Item name="algorithmIds" label={t('field.algorithms')}>
        <Select
          mode="multiple"
          optionFilterProp="label"
          options={(algorithms.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
        />
      </Form.Item>
      <TestButton id={row?.id} />
    </CrudForm>
  );
}
