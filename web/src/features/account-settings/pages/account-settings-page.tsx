import { KeyOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Typography } from 'antd';
import { Suspense, useState } from 'react';
import { ChangePasswordDialog } from '@/features/session/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { PageError, PageLoading } from '@/shared/ui/page-states.tsx';
import { useOpenedOnce } from '@/shared/ui/use-opened-once.ts';
import { useProfile } from '../api/profile.ts';
import { AvatarCard } from '../components/avatar-card.tsx';
import { ProfileForm } from '../components/profile-form.tsx';

/** /accountSettings: my profile, avatar, language and password (every signed-in user). */
export default function AccountSettingsPage() {
  const { t } = useTranslation('accountSettings');
  const profile = useProfile();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const passwordMounted = useOpenedOnce(passwordOpen);

  if (profile.isPending) return <PageLoading />;
  if (profile.isError)
    return <PageError message={profile.error.message} onRetry={() => void profile.refetch()} />;

  return (
    <Row gutter={[16, 16]} data-testid="account-settings-page">
      <Col xs={24} lg={16}>
        <Card title={t('profile.title')}>
          <Row gutter={24}>
            <Col xs={24} md={8}>
              <AvatarCard profile={profile.data} />
            </Col>
            <Col xs={24} md={16}>
              <ProfileForm profile={profile.data} />
            </Col>
          </Row>
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card title={t('password.title')}>
          <Typography.Paragraph type="secondary">{t('password.hint')}</Typography.Paragraph>
          <Button
            icon={<KeyOutlined />}
            onClick={() => setPasswordOpen(true)}
            data-testid="account-change-password"
          >
            {t('password.change')}
          </Button>
        </Card>
      </Col>
      <Suspense fallback={null}>
        {passwordMounted ? (
          <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
        ) : null}
      </Suspense>
    </Row>
  );
}
