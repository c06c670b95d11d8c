import { type MyProfile, myProfileBody } from '@sentinel/contract';
import { Button, Descriptions, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { zodRule } from '@/shared/crud/index.ts';
import { setLanguage, useTranslation } from '@/shared/i18n/i18n.ts';
import { applyFieldErrors } from '@/shared/request/field-errors.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { useUpdateProfile } from '../api/profile.ts';

const f = myProfileBody.shape;
type Values = Pick<MyProfile, 'displayName' | 'phone' | 'email' | 'language'>;

/** Display name, phone, email (the account form's rules) and language (applied at once). */
export function ProfileForm({ profile }: { profile: MyProfile }) {
  const { t } = useTranslation('accountSettings');
  const [form] = Form.useForm<Values>();
  const save = useUpdateProfile();

  useEffect(() => {
    form.setFieldsValue(profile);
  }, [form, profile]);

  const submit = async (values: Values) => {
    try {
      const saved = await save.mutateAsync(values);
      if (saved.language) await setLanguage(saved.language);
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };

  return (
    <>
      <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('field.accountName')}>{profile.accountName}</Descriptions.Item>
        <Descriptions.Item label={t('field.roles')}>{profile.roles.join(', ')}</Descriptions.Item>
        <Descriptions.Item label={t('field.lastSignTime')}>
          {formatTime(profile.lastSignTime)}
        </Descriptions.Item>
      </Descriptions>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={profile}
        onFinish={submit}
        data-testid="profile-form"
        style={{ maxWidth: 480 }}
      >
        <Form.Item name="displayName" label={t('field.displayName')} rules={[zodRule(f.displayName)]}>
          <Input maxLength={50} data-testid="profile-display-name" />
        </Form.Item>
        <Form.Item name="phone" label={t('field.phone')} rules={[zodRule(f.phone)]}>
          <Input maxLength={11} data-testid="profile-phone" />
        </Form.Item>
        <Form.Item name="email" label={t('field.email')} rules={[zodRule(f.email)]}>
          <Input maxLength={100} data-testid="profile-email" />
        </Form.Item>
        <Form.Item name="language" label={t('field.language')} extra={t('languageHint')}>
          <Select
            data-testid="profile-language"
            options={[
              { value: '', label: t('language.auto') },
              { value: 'en', label: 'English' },
              { value: 'zh-CN', label: '简体中文' },
            ]}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="profile-save">
          {t('save')}
        </Button>
      </Form>
    </>
  );
}
