import { isPriorityCode, MEDIA_API, PRIORITY_LABELS } from '@sentinel/contract';
import { Alert, Button, Descriptions, Image, Result, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { useConfirmDraft, useDraft } from '../api/wizard.ts';
import { WizardFrame } from '../components/wizard-frame.tsx';
import { idFrom, wizardPath } from '../lib/wizard-paths.ts';

/** createinstance4/:modeName?draft=: the summary; Confirm makes the instance with version 1, live. */
export default function WizardStep4Page() {
  const { t } = useTranslation('aiModels');
  const lang = useLang();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const id = idFrom(search.get('draft'));
  const draft = useDraft(id);
  const confirm = useConfirmDraft();
  const [done, setDone] = useState<number | null>(null);
  const d = draft.data;

  if (done !== null && d)
    return (
      <Result
        status="success"
        title={t('wizard.created', { name: d.name, version: done })}
        subTitle={t('wizard.createdHint')}
        data-testid="ai-wizard-created"
        extra={
          <Button type="primary" onClick={() => navigate(wizardPath.list)} data-testid="ai-wizard-finish">
            {t('wizard.backToModels')}
          </Button>
        }
      />
    );

  return (
    <WizardFrame
      step={4}
      draft={draft}
      busy={confirm.isPending}
      nextLabel={t('wizard.confirm')}
      onBack={() => d && navigate(wizardPath.step3(d.id, d.modelName, d.sampleImage.split('/').pop() ?? ''))}
      onNext={() =>
        void confirm
          .mutateAsync(id)
          .then((result) => setDone(result.versionNumber))
          .catch(() => undefined)
      }
    >
      {d ? (
        <Descriptions column={1} bordered size="small" data-testid="ai-wizard-summary">
          <Descriptions.Item label={t('drafts.model')}>{d.modelName}</Descriptions.Item>
          <Descriptions.Item label={t('wizard.name')}>{d.name}</Descriptions.Item>
          <Descriptions.Item label={t('wizard.code')}>{d.code}</Descriptions.Item>
          <Descriptions.Item label={t('wizard.sample')}>
            {d.sampleImage ? <Image src={MEDIA_API.file(d.sampleImage)} width={200} /> : '—'}
            <div>{t('wizard.zoneCount', { count: d.zones.length })}</div>
          </Descriptions.Item>
          <Descriptions.Item label={t('wizard.thresholds')}>
            {d.classes.map((c) => (
              <Tag key={c}>{`${c} ≥ ${d.thresholds[c] ?? '—'}`}</Tag>
            ))}
          </Descriptions.Item>
          <Descriptions.Item label={t('wizard.level')}>
            {isPriorityCode(d.level) ? PRIORITY_LABELS[d.level][lang] : d.level}
          </Descriptions.Item>
          <Descriptions.Item label={t('wizard.schedule')}>
            {d.schedule.length === 0
              ? t('wizard.always')
              : d.schedule.map((w) => (
                  <div key={`${w.days.join()}-${w.start}`}>
                    {`${w.days.map((day) => t(`day.${day}`)).join(' ')} ${w.start}–${w.end}`}
                  </div>
                ))}
          </Descriptions.Item>
        </Descriptions>
      ) : null}
      <Alert type="info" showIcon message={t('wizard.confirmHint')} style={{ marginTop: 12 }} />
    </WizardFrame>
  );
}
