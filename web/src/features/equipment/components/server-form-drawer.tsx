import { SERVER_KINDS, type ServerBody, type ServerItem, serverBody } from '@sentinel/contract';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { CrudForm, type EditFormProps, zodRule } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { serverApi } from '../api/servers.ts';

const f = serverBody.shape;

export function ServerFormDrawer(props: EditFormProps<ServerItem>) {
  const { t } = useTranslation('equipment');
  return (
    <CrudForm
      api={serverApi}
      {...props}
      title={{ add: t('server.add'), edit: t('server.edit') }}
      name="analysisServer"
      testId="server"
      empty={{ kind: 'analysis', online: false }}
      toValues={(row) => ({ ...row, kind: row.kind as ServerBody['kind'] })}
    >
      <Form.Item name="name" label={t('field.name')} required rules={[zodRule(f.name)]}>
        <Input maxLength={50} autoFocus />
      </Form.Item>
      <Form.Item name="kind" label={t('field.serverKind')} required rules={[zodRule(f.kind)]}>
        <Select options={SERVER_KINDS.map((k) => ({ value: k, label: t(`serverKind.${k}`) }))} />
      </Form.Item>
      <Form.Item name="ip" label={t('field.ip')} required rules={[zodRule(f.ip)]}>
        <Input maxLength={15} placeholder="10.0.1.11" />
      </Form.Item>
      <Form.Item name="port" label={t('field.port')} required rules={[zodRule(f.port)]}>
        <InputNumber style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="online" label={t('field.online')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="description" label={t('field.description')}>
        <Input.TextArea maxLength={500} rows={3} />
      </Form.Item>
    </CrudForm>
  );
}
