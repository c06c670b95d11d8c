import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useUserStore } from '@/shared/stores/user-store.ts';

type Code = '404' | '400' | '401';
const STATUS: Record<Code, '404' | '403' | 'warning'> = { '404': '404', '400': 'warning', '401': '403' };

function ErrorPage({ code }: { code: Code }) {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  const hasToken = useUserStore((s) => Boolean(s.token));
  return (
    <main
      data-testid={`error-${code}`}
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: '#f4f6fb',
      }}
    >
      <Result
        status={STATUS[code]}
        title={
          <span>
            <strong style={{ marginRight: 8 }}>{code}</strong>
            {t(`${code}.title`)}
          </span>
        }
        subTitle={t(`${code}.text`)}
        extra={
          <Space wrap>
            <Button type="primary" onClick={() => navigate(hasToken ? '/dashboard' : '/login')}>
              {hasToken ? t('home') : t('login')}
            </Button>
            <Button onClick={() => navigate(-1)}>{t('previous')}</Button>
          </Space>
        }
      />
    </main>
  );
}

export const NotFoundPage = () => <ErrorPage code="404" />;
export const BadRequestPage = () => <ErrorPage code="400" />;
export const UnauthorizedPage = () => <ErrorPage code="401" />;
