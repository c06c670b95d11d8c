import {
  IOT_PROTOCOLS,
  type IotEquipmentBody,
  type IotEquipmentItem,
  iotEquipmentBody,
} from '@sentinel/contract';
import { AutoComplete, Form, Input, InputNumber, Select, Switch } from 'antd';
import { AreaSelect, CrudForm, type EditFormProps, zodRule } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { iotApi } from '../api/iot-equipment.ts';

const f = iotEquipmentBody.shape;
const KINDS = ['gasDetector', 'accessGate', 'plcGateway', 'weatherStation', 'other'] as const;
const EMPTY: Partial<IotEquipmentBody> = { protocol: 'Modbus-TCP', port: 502, online: false, areaId: null };

export function IotFormDrawer(props: EditFormProps<IotEquipmentItem>) {
  const { t } = useTranslation('equipment');
  return (
    <CrudForm
      api={iotApi}
      {...props}
      title={{ add: t('iot.add'), edit: t('iot.edit') }}
      name="iotEquipment"
      testId="iot"
      empty={EMPTY}
      toValues={(row) => ({ ...row, protocol: row.protocol as IotEquipmentBody['protocol'] })}
      toBody={(values) => ({ ...values, areaId: values.areaId ?? null })}
    >
      <Form.Item name="name" label={t('field.name')} required rules={[zodRule(f.name)]}>
        <Input maxLength={50} autoFocus />
      </Form.Item>
      <Form.Item name="code" label={t('field.code')} required rules={[zodRule(f.code)]}>
        <Input maxLength={50} placeholder="GD-001" />
      </Form.Item>
      <Form.Item name="kind" label={t('field.kind')}>
        <AutoComplete options={KINDS.map((k) => ({ value: t(`iotKind.${k}`) }))} maxLength={50} />
      </Form.Item>
      <Form.Item name="protocol" label={t('field.protocol')} required rules={[zodRule(f.protocol)]}>
        <Select options={IOT_PROTOCOLS.map((p) => ({ value: p, label: p }))} />
      </Form.Item>
      <Form.Item name="ip" label={t('field.ip')} required rules={[zodRule(f.ip)]}>
        <Input maxLength={15} placeholder="10.0.8.21" />
      </Form.Item>
      <Form.Item name="port" label={t('field.port')} required rules={[zodRule(f.port)]}>
        <InputNumber style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="areaId" label={t('field.area')}>
        <AreaSelect testId="iot-area" />
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
