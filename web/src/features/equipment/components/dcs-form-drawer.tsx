import { type DcsPointItem, dcsPointBody } from '@sentinel/contract';
import { Col, Form, Input, InputNumber, Row } from 'antd';
import { AreaSelect, aboveRule, CrudForm, type EditFormProps, zodRule } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { dcsApi } from '../api/dcs-points.ts';

const f = dcsPointBody.shape;

export function DcsFormDrawer(props: EditFormProps<DcsPointItem>) {
  const { t } = useTranslation('equipment');
  return (
    <CrudForm
      api={dcsApi}
      {...props}
      title={{ add: t('dcs.add'), edit: t('dcs.edit') }}
      name="dcsPoint"
      testId="dcs"
      empty={{ areaId: null }}
      toBody={(values) => ({
        ...values,
        lowLimit: values.lowLimit ?? null,
        highLimit: values.highLimit ?? null,
        areaId: values.areaId ?? null,
      })}
    >
      <Form.Item name="tag" label={t('field.tag')} required rules={[zodRule(f.tag)]}>
        <Input maxLength={64} autoFocus placeholder="FIC-1001.PV" />
      </Form.Item>
      <Form.Item name="name" label={t('field.name')} required rules={[zodRule(f.name)]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="unit" label={t('field.unit')}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="areaId" label={t('field.location')}>
        <AreaSelect testId="dcs-area" />
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="lowLimit" label={t('field.lowLimit')}>
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="highLimit"
            label={t('field.highLimit')}
            dependencies={['lowLimit']}
            rules={[aboveRule('lowLimit')]}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="description" label={t('field.description')}>
        <Input.TextArea maxLength={500} rows={3} />
      </Form.Item>
    </CrudForm>
  );
}
