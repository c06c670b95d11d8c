import { CAMERA_TYPE_KINDS, type CameraTypeRow, cameraTypeBody } from '@sentinel/contract';
import { AutoComplete, Form, Input } from 'antd';
import { CrudForm, type EditFormProps, zodRule } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { cameraTypeApi } from '../api/camera-types.ts';

const f = cameraTypeBody.shape;

/** Brand, model and form type (a known kind or any other word). */
export function CameraTypeForm(props: EditFormProps<CameraTypeRow>) {
  const { t } = useTranslation('devices');
  return (
    <CrudForm
      api={cameraTypeApi}
      {...props}
      title={{ add: t('cameraType.add'), edit: t('cameraType.edit') }}
      name="cameraType"
      testId="camera-type"
      modal
    >
      <Form.Item name="brand" label={t('field.brand')} required rules={[zodRule(f.brand)]}>
        <Input maxLength={64} autoFocus placeholder="海康威视" />
      </Form.Item>
      <Form.Item name="model" label={t('field.model')} required rules={[zodRule(f.model)]}>
        <Input maxLength={64} placeholder="DS-2CD3T46" />
      </Form.Item>
      <Form.Item name="type" label={t('field.type')} required rules={[zodRule(f.type)]}>
        <AutoComplete
          options={CAMERA_TYPE_KINDS.map((k) => ({ value: k, label: `${t(`typeKind.${k}`)} (${k})` }))}
          maxLength={32}
        />
      </Form.Item>
    </CrudForm>
  );
}
