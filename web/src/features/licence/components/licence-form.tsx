import { type LicenceInfo, licenceBody } from '@sentinel/contract';
import { Button, DatePicker, Form, Input, InputNumber } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { zodRule } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { applyFieldErrors } from '@/shared/request/field-errors.ts';
import { useSaveLicence } from '../api/licence.ts';

const f = licenceBody.shape;
interface Values {
  licensee: string;
  licensedChannels: number | null;
  expiresOn: Dayjs | null;
  licenseKey: string;
}

/** Enter or update the licence from the licence document. */
export function LicenceForm({ info }: { info: LicenceInfo }) {
  const { t } = useTranslation('licence');
  const [form] = Form.useForm<Values>();
  const save = useSaveLicence();

  useEffect(() => {
    form.setFieldsValue({
      licensee: info.licensee,
      licensedChannels: info.licensedChannels || null,
      expiresOn: info.expiresOn ? dayjs(info.expiresOn) : null,
      licenseKey: info.licenseKey,
    });
  }, [form, info]);

  const submit = async (v: Values) => {
    try {
      await save.mutateAsync({
        licensee: v.licensee,
        licensedChannels: v.licensedChannels ?? 0,
        expiresOn: v.expiresOn ? v.expiresOn.format('YYYY-MM-DD') : null,
        licenseKey: v.licenseKey ?? '',
      });
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={submit}
      style={{ maxWidth: 480 }}
      data-testid="licence-form"
    >
      <Form.Item name="licensee" label={t('field.licensee')} required rules={[zodRule(f.licensee)]}>
        <Input maxLength={100} data-testid="licence-licensee" />
      </Form.Item>
      <Form.Item
        name="licensedChannels"
        label={t('field.channels')}
        required
        rules={[zodRule(f.licensedChannels, { emptyAs: 0 })]}
      >
        <InputNumber
          min={1}
          max={100000}
          precision={0}
          style={{ width: '100%' }}
          data-testid="licence-channels"
        />
      </Form.Item>
      <Form.Item name="expiresOn" label={t('field.expiresOn')} extra={t('noExpiryHint')}>
        <DatePicker style={{ width: '100%' }} data-testid="licence-expires" />
      </Form.Item>
      <Form.Item name="licenseKey" label={t('field.key')} rules={[zodRule(f.licenseKey)]}>
        <Input maxLength={200} data-testid="licence-key" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="licence-save">
        {t('save')}
      </Button>
    </Form>
  );
}
