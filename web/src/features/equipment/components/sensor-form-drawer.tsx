import { SENSOR_KINDS, type SensorBody, type SensorItem, sensorBody } from '@sentinel/contract';
import { AutoComplete, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { AreaSelect, aboveRule, CrudForm, type EditFormProps, zodRule } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useAllIot } from '../api/iot-equipment.ts';
import { sensorApi } from '../api/sensors.ts';

const f = sensorBody.shape;
const UNITS = ['ppm', '%LEL', 'mg/m³', '℃', 'MPa', 'kPa', '%RH', 'm'];
const EMPTY: Partial<SensorBody> = { kind: 'gas', areaId: null, iotEquipmentId: null };

export function SensorFormDrawer(props: EditFormProps<SensorItem>) {
  const { t } = useTranslation('equipment');
  const devices = useAllIot();
  return (
    <CrudForm
      api={sensorApi}
      {...props}
      title={{ add: t('sensor.add'), edit: t('sensor.edit') }}
      name="sensor"
      testId="sensor"
      empty={EMPTY}
      toValues={(row) => ({ ...row, kind: row.kind as SensorBody['kind'] })}
      toBody={(values) => ({
        ...values,
        lowThreshold: values.lowThreshold ?? null,
        highThreshold: values.highThreshold ?? null,
        areaId: values.areaId ?? null,
        iotEquipmentId: values.iotEquipmentId ?? null,
      })}
    >
      <Form.Item name="name" label={t('field.name')} required rules={[zodRule(f.name)]}>
        <Input maxLength={50} autoFocus />
      </Form.Item>
      <Form.Item name="code" label={t('field.code')} required rules={[zodRule(f.code)]}>
        <Input maxLength={50} placeholder="S-H2S-01" />
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="kind" label={t('field.sensorKind')} required rules={[zodRule(f.kind)]}>
            <Select options={SENSOR_KINDS.map((k) => ({ value: k, label: t(`sensorKind.${k}`) }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="unit" label={t('field.unit')}>
            <AutoComplete options={UNITS.map((u) => ({ value: u }))} maxLength={20} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="lowThreshold" label={t('field.lowThreshold')}>
            <InputNumber style={{ width: '100%' }} data-testid="sensor-low" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="highThreshold"
            label={t('field.highThreshold')}
            dependencies={['lowThreshold']}
            rules={[aboveRule('lowThreshold')]}
          >
            <InputNumber style={{ width: '100%' }} data-testid="sensor-high" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="iotEquipmentId" label={t('field.iotEquipment')}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          loading={devices.isPending}
          options={(devices.data ?? []).map((d) => ({ value: d.id, label: `${d.name} (${d.code})` }))}
        />
      </Form.Item>
      <Form.Item name="areaId" label={t('field.area')}>
        <AreaSelect testId="sensor-area" />
      </Form.Item>
      <Form.Item name="description" label={t('field.description')}>
        <Input.TextArea maxLength={500} rows={3} />
      </Form.Item>
    </CrudForm>
  );
}
