import type { DraftItem } from '@sentinel/contract';
import { Button, Card, Flex, Result, Steps } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { PageError, PageLoading } from '@/shared/ui/page-states.tsx';
import { wizardPath } from '../lib/wizard-paths.ts';

/**
 * The frame of a wizard step: the four steps with the current one, the step's content, and Back /
 * Next (or Confirm) below it. `draftQuery`: the draft being edited (its loading and error states
 * are shown here; a draft confirmed since shows that it is an instance now).
 */
export function WizardFrame({
  step,
  draft,
  onBack,
  onNext,
  nextLabel,
  busy = false,
  children,
}: {
  step: 1 | 2 | 3 | 4;
  draft?: {
    isPending: boolean;
    isError: boolean;
    error: Error | null;
    data?: DraftItem;
    refetch: () => unknown;
  };
  onBack?: () => void;
  onNext: () => void;
  nextLabel?: string;
  busy?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('aiModels');
  const navigate = useNavigate();
  const steps = [1, 2, 3, 4].map((n) => ({ title: t(`wizard.step${n}`) }));
  let body: ReactNode = children;
  if (draft?.isPending) body = <PageLoading />;
  else if (draft?.isError)
    body = <PageError message={draft.error?.message} onRetry={() => draft.refetch()} />;
  else if (draft?.data && !draft.data.draft)
    body = (
      <Result
        status="success"
        title={t('wizard.done', { name: draft.data.name })}
        extra={
          <Button type="primary" onClick={() => navigate(wizardPath.list)}>
            {t('wizard.backToModels')}
          </Button>
        }
      />
    );
  const ready = !draft || (draft.data?.draft ?? false);
  return (
    <Card variant="borderless" data-testid={`ai-wizard-step${step}`}>
      <Steps current={step - 1} items={steps} size="small" style={{ marginBottom: 24 }} />
      {body}
      {ready ? (
        <Flex justify="space-between" style={{ marginTop: 24 }}>
          <Button onClick={onBack ?? (() => navigate(wizardPath.list))} data-testid="ai-wizard-back">
            {onBack ? t('wizard.back') : t('wizard.cancel')}
          </Button>
          <Button type="primary" loading={busy} onClick={onNext} data-testid="ai-wizard-next">
            {nextLabel ?? t('wizard.next')}
          </Button>
        </Flex>
      ) : null}
    </Card>
  );
}
