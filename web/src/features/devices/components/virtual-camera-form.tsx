import { type CameraRow, virtualCameraBody } from '@sentinel/contract';
import { Form, Input, Switch } from 'antd';
import { AreaSelect, CrudForm, type EditFormProps, zodRule } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { virtualCameraApi } from '../api/virtual-cameras.ts';

const f = virtualCameraBody.shape;

/** A virtual camera: name, code, the video it plays, where it stands. */
export function VirtualCameraForm(props: EditFormProps<CameraRow>) {
  const { t } = useTranslation('devices');
  const { t: tc } = useTranslation();
  return (
    <CrudForm
      api={virtualCameraApi}
      {...props}
      title={{ add: t('virtual.add'), edit: t('virtual.edit') }}
      name="virtualCamera"
      testId="virtual"
      modal
      width={600}
      empty={{ enabled: true, areaId: null }}
      toValues={(row) => ({
        name: row.name,
        code: row.code,
        source: row.mainStreamUrl,
        areaId: row.areaId,
        positionLabel: row.positionLabel,
        enabled: row.enabled,
      })}
      toBody={(values) => ({ ...values, areaId: values.areaId ?? null })}
    >
      <Form.Item name="name" label={t('field.name')} required rules={[zodRule(f.name)]}>
        <Input maxLength={64} autoFocus />
      </Form.Item>
      <Form.Item name="code" label={t('field.code')} required rules={[zodRule(f.code)]}>
        <Input maxLength={64} placeholder="VCAM-001" />
      </Form.Item>
      <Form.Item
        name="source"
        label={t('field.source')}
        required
        rules={[zodRule(f.source)]}
        extra={t('virtual.sourceHint')}
      >
        <Input maxLength={500} placeholder="http://10.0.0.5/videos/demo.mp4" />
      </Form.Item>
      <Form.Item name="areaId" label={t('field.area')}>
        <AreaSelect id="virtualCamera_areaId" />
      </Form.Item>
      <Form.Item name="positionLabel" label={t('field.positionLabel')} rules={[zodRule(f.positionLabel)]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="enabled" label={tc('enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </CrudForm>
  );
}
