import { type CollieryInfo, phone as phoneRule } from '@sentinel/contract';
import { Button, Card, Form, Input, Space } from 'antd';
import { useEffect } from 'react';
import { tr, useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { applyFieldErrors } from '@/shared/request/field-errors.ts';
import { PageError, PageLoading } from '@/shared/ui/page-states.tsx';
import { useCollieryInfo, useSaveCollieryInfo } from '../api/colliery-info.ts';
import { LogoField } from '../components/logo-field.tsx';

type Values = Omit<CollieryInfo, 'logoUrl'> & { logo: { path: string; url: string } };

/** /systemSettings/collieryInfo: the unit's information and the application logo. */
export default function CollieryInfoPage() {
  const { t } = useTranslation('plant');
  const { t: tc } = useTranslation();
  const { data, isPending, isError, error, refetch } = useCollieryInfo();
  const save = useSaveCollieryInfo();
  const { can } = useButtons('collieryInfo');
  const editable = can('collieryInfo:edit');
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (data) form.setFieldsValue({ ...data, logo: { path: data.logoPath, url: data.logoUrl } });
  }, [data, form]);

  if (isPending) return <PageLoading />;
  if (isError) return <PageError message={error.message} onRetry={() => void refetch()} />;

  const submit = async (values: Values) => {
    try {
      await save.mutateAsync({
        unitName: values.unitName,
        shortName: values.shortName ?? '',
        address: values.address ?? '',
        phone: values.phone ?? '',
        logoPath: values.logo?.path ?? '',
      });
    } catch (err) {
      applyFieldErrors(form, err);
    }
  };

  return (
    <Card title={t('colliery.title')} size="small">
      <Form<Values>
        form={form}
        layout="horizontal"
        labelCol={{ xs: 24, sm: 6, lg: 5 }}
        wrapperCol={{ xs: 24, sm: 16, lg: 12 }}
        onFinish={submit}
        disabled={!editable}
        data-testid="colliery-form"
      >
        <Form.Item
          name="unitName"
          label={t('colliery.unitName')}
          rules={[{ required: true, whitespace: true, message: t('colliery.unitNameRequired') }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="shortName" label={t('colliery.shortName')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="address" label={t('colliery.address')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('colliery.phone')}
          rules={[
            {
              validator: async (_, value?: string) => {
                if (value && !phoneRule.safeParse(value).success) throw new Error(tr('field.phone'));
              },
            },
          ]}
        >
          <Input maxLength={11} inputMode="tel" />
        </Form.Item>
        <Form.Item name="logo" label={t('colliery.logo')} extra={t('colliery.logoHint')}>
          <LogoField />
        </Form.Item>
        {editable ? (
          <Form.Item wrapperCol={{ xs: 24, sm: { span: 16, offset: 6 }, lg: { span: 12, offset: 5 } }}>
            <Space>
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="colliery-save">
                {tc('save')}
              </Button>
              <Button
                onClick={() =>
                  data && form.setFieldsValue({ ...data, logo: { path: data.logoPath, url: data.logoUrl } })
                }
              >
                {tc('reset')}
              </Button>
            </Space>
          </Form.Item>
        ) : null}
      </Form>
    </Card>
  );
}
