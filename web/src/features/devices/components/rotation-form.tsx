import { type RotationRow, rotationBody } from '@sentinel/contract';
import { Form, Input, InputNumber } from 'antd';
import { CrudForm, type EditFormProps, zodRule } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { rotationApi } from '../api/rotations.ts';
import { RotationMembers } from './rotation-members.tsx';

const f = rotationBody.shape;

/** A rotation group's name, interval and ordered cameras. */
export function RotationForm(props: EditFormProps<RotationRow>) {
  const { t } = useTranslation('devices');
  return (
    <CrudForm
      api={rotationApi}
      {...props}
      title={{ add: t('rotation.add'), edit: t('rotation.edit') }}
      name="rotation"
      testId="rotation"
      modal
      width={600}
      submitOnEnter={false}
      empty={{ intervalSeconds: 30, cameraIds: [] }}
      toValues={(row) => ({
        name: row.name,
        intervalSeconds: row.intervalSeconds,
        cameraIds: row.cameras.map((c) => c.id),
      })}
      toBody={(values) => ({ ...values, cameraIds: values.cameraIds ?? [] })}
    >
      <Form.Item name="name" label={t('field.name')} required rules={[zodRule(f.name)]}>
        <Input maxLength={64} autoFocus />
      </Form.Item>
      <Form.Item
        name="intervalSeconds"
        label={t('field.intervalSeconds')}
        required
        rules={[zodRule(f.intervalSeconds)]}
      >
        <InputNumber style={{ width: 200 }} addonAfter={t('seconds')} />
      </Form.Item>
      <Form.Item name="cameraIds" label={t('field.cameras')}>
        <RotationMembers />
      </Form.Item>
    </CrudForm>
  );
}
