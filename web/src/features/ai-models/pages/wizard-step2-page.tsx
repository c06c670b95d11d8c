import { PRIORITY_CODES, PRIORITY_LABELS, type PriorityCode } from '@sentinel/contract';
import { Alert, Form, InputNumber, Radio, Slider, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { useDraft, useSaveStep } from '../api/wizard.ts';
import { WizardFrame } from '../components/wizard-frame.tsx';
import { idFrom, sampleToken, wizardPath } from '../lib/wizard-paths.ts';

interface Values {
  thresholds: Record<string, number>;
  level: PriorityCode;
}

/** createinstance2/:instanceId/…: a confidence threshold per class and the one alarm level (SPEC §5). */
export default function WizardStep2Page() {
  const { t } = useTranslation('aiModels');
  const lang = useLang();
  const params = useParams();
  const navigate = useNavigate();
  const id = idFrom(params.instanceId);
  const draft = useDraft(id);
  const save = useSaveStep();
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState<string | null>(null);
  const d = draft.data;

  useEffect(() => {
    if (d) form.setFieldsValue({ thresholds: d.thresholds, level: d.level as PriorityCode });
  }, [d, form]);

  const next = async () => {
    if (!d) return;
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    try {
      const saved = await save.mutateAsync({
        id,
        body: { step: 2, thresholds: values.thresholds, level: values.level },
      });
      navigate(wizardPath.step3(saved.id, saved.modelName, sampleToken(saved.sampleImage)));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <WizardFrame
      step={2}
      draft={draft}
      busy={save.isPending}
      onBack={() =>
        d && navigate(wizardPath.step1(d.modelId ?? 0, d.modelName, sampleToken(d.sampleImage), d.id))
      }
      onNext={() => void next()}
    >
      <Typography.Title level={5}>{t('wizard.thresholds')}</Typography.Title>
      <Form form={form} layout="horizontal" name="aiWizard2" labelCol={{ flex: '160px' }}>
        {(d?.classes ?? []).map((cls) => (
          <Form.Item key={cls} label={cls} required>
            <Space>
              <Form.Item name={['thresholds', cls]} noStyle>
                <Slider min={0.05} max={0.99} step={0.01} style={{ width: 220 }} />
              </Form.Item>
              <Form.Item name={['thresholds', cls]} noStyle>
                <InputNumber
                  min={0.05}
                  max={0.99}
                  step={0.05}
                  aria-label={cls}
                  data-testid={`ai-threshold-${cls}`}
                />
              </Form.Item>
            </Space>
          </Form.Item>
        ))}
        <Typography.Title level={5}>{t('wizard.level')}</Typography.Title>
        <Form.Item name="level" extra={t('wizard.levelHint')}>
          <Radio.Group
            optionType="button"
            options={PRIORITY_CODES.map((code) => ({ value: code, label: PRIORITY_LABELS[code][lang] }))}
          />
        </Form.Item>
      </Form>
      {problem ? <Alert type="error" showIcon message={problem} data-testid="ai-wizard-error" /> : null}
    </WizardFrame>
  );
}
