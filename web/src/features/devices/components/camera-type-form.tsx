import { type CameraTypeRow, cameraTypeBody, DICTIONARY_TYPES } from '@sentinel/contract';
import { AutoComplete, Form, Input } from 'antd';
import { CrudForm, type EditFormProps, zodRule } from '@/shared/crud/index.ts';
import { useDictionary } from '@/shared/dictionary/use-dictionary.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { cameraTypeApi } from '../api/camera-types.ts';

const f = cameraTypeBody.shape;

/** Brand, model and form type (an enabled kind of the dictionary). */
export function CameraTypeForm(props: EditFormProps<CameraTypeRow>) {
  const { t } = useTranslation('devices');
  // The kinds are the dictionary's (System settings › Dictionary); the server accepts only those.
  const kinds = useDictionary(DICTIONARY_TYPES.cameraTypeKind);
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
          options={kinds.options.map((k) => ({ value: k.value, label: `${k.label} (${k.value})` }))}
          maxLength={32}
        />
      </Form.Item>
    </CrudForm>
  );
}
