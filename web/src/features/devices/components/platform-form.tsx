import { PLATFORM_KINDS, type PlatformBody, type PlatformRow, platformBody } from '@sentinel/contract';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { CrudForm, type EditFormProps, zodRule } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { platformApi } from '../api/platforms.ts';

const f = platformBody.shape;

/** A platform's name, kind, address and login name. */
export function PlatformForm(props: EditFormProps<PlatformRow>) {
  const { t } = useTranslation('devices');
  return (
    <CrudForm
      api={platformApi}
      {...props}
      title={{ add: t('platform.add'), edit: t('platform.edit') }}
      name="platform"
      testId="platform"
      modal
      width={600}
      empty={{ kind: 'nvr', port: 8000 }}
      toValues={(row) => ({ ...row, kind: row.kind as PlatformBody['kind'] })}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label={t('field.name')} required rules={[zodRule(f.name)]}>
            <Input maxLength={64} autoFocus />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="kind" label={t('field.platformKind')} required>
            <Select options={PLATFORM_KINDS.map((k) => ({ value: k, label: t(`platformKind.${k}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={16}>
          <Form.Item name="ip" label={t('field.ip')} required rules={[zodRule(f.ip)]}>
            <Input maxLength={15} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="port" label={t('field.port')} required rules={[zodRule(f.port)]}>
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="username" label={t('field.username')} rules={[zodRule(f.username)]}>
            <Input maxLength={64} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="description" label={t('field.description')} rules={[zodRule(f.description)]}>
            <Input.TextArea maxLength={500} rows={3} />
          </Form.Item>
        </Col>
      </Row>
    </CrudForm>
  );
}
