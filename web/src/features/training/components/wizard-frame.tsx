import { Card, Steps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';

/** The wizard's card: the three steps, the instance's name, the step's content. */
export function WizardFrame({
  step,
  instanceName,
  children,
}: {
  step: 0 | 1 | 2;
  instanceName: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('training');
  return (
    <Card title={t('title', { name: instanceName })} data-testid="retraining-wizard">
      <Steps
        current={step}
        size="small"
        style={{ marginBottom: 24 }}
        items={[{ title: t('step.data') }, { title: t('step.changes') }, { title: t('step.progress') }]}
      />
      {children}
    </Card>
  );
}
