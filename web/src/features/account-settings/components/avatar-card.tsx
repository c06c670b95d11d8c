import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { AVATAR_MAX_BYTES, type MyProfile } from '@sentinel/contract';
import { Alert, Avatar, Button, Popconfirm, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { toast } from '@/shared/ui/feedback.ts';
import { useRemoveAvatar, useUploadAvatar } from '../api/profile.ts';

const ACCEPT = 'image/jpeg,image/png,image/webp';

/** The avatar: upload (checked again by content on the server), remove. */
export function AvatarCard({ profile }: { profile: MyProfile }) {
  const { t } = useTranslation('accountSettings');
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const [error, setError] = useState('');

  const send = async (file: File) => {
    setError('');
    if (file.size > AVATAR_MAX_BYTES) {
      setError(t('avatar.tooLarge'));
      return;
    }
    try {
      await upload.mutateAsync(file);
      toast.success(t('avatar.saved'));
    } catch (e) {
      setError(e instanceof Error ? e.message : t('avatar.failed'));
    }
  };

  return (
    <Space direction="vertical" align="center" style={{ width: '100%' }}>
      <Avatar
        size={96}
        src={profile.avatar || undefined}
        data-testid="account-settings-avatar"
        style={{ backgroundColor: 'var(--ant-color-primary)', fontSize: 40 }}
      >
        {(profile.displayName || profile.accountName).slice(0, 1).toUpperCase()}
      </Avatar>
      <Space wrap>
        <Upload
          accept={ACCEPT}
          showUploadList={false}
          beforeUpload={(file) => {
            void send(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid="avatar-upload">
            {t('avatar.upload')}
          </Button>
        </Upload>
        {profile.avatar ? (
          <Popconfirm title={t('avatar.removeConfirm')} onConfirm={() => remove.mutate(undefined)}>
            <Button icon={<DeleteOutlined />} danger loading={remove.isPending} data-testid="avatar-remove">
              {t('avatar.remove')}
            </Button>
          </Popconfirm>
        ) : null}
      </Space>
      <Typography.Text type="secondary">{t('avatar.hint')}</Typography.Text>
      {error ? <Alert type="error" showIcon title={error} data-testid="avatar-error" /> : null}
    </Space>
  );
}
