import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { InstanceParams } from '@sentinel/contract';
import { Alert, Button, Checkbox, Flex, Radio, TimePicker, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useDraft, useSaveStep } from '../api/wizard.ts';
import { WizardFrame } from '../components/wizard-frame.tsx';
import { idFrom, sampleToken, wizardPath } from '../lib/wizard-paths.ts';

type Window = InstanceParams['schedule'][number];
/** A window being edited, with a stable key for React. */
type Row = Window & { key: number };
let nextKey = 1;
const withKey = (w: Window): Row => ({ ...w, key: nextKey++ });
const DAYS = [1, 2, 3, 4, 5, 6, 7];
const WORKDAYS: Window = { days: [1, 2, 3, 4, 5], start: '08:00', end: '18:00' };

/** createinstance3/:instanceId/…: when the instance raises alarms — always, or in weekly windows. */
export default function WizardStep3Page() {
  const { t } = useTranslation('aiModels');
  const params = useParams();
  const navigate = useNavigate();
  const id = idFrom(params.instanceId);
  const draft = useDraft(id);
  const save = useSaveStep();
  const d = draft.data;
  const [always, setAlways] = useState(true);
  const [windows, setWindows] = useState<Row[]>(() => [withKey(WORKDAYS)]);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!d) return;
    setAlways(d.schedule.length === 0);
    if (d.schedule.length > 0) setWindows(d.schedule.map(withKey));
  }, [d]);

  const change = (index: number, patch: Partial<Window>) =>
    setWindows((list) => list.map((w, i) => (i === index ? { ...w, ...patch } : w)));

  const next = async () => {
    try {
      const saved = await save.mutateAsync({
        id,
        body: { step: 3, schedule: always ? [] : windows.map(({ key: _key, ...w }) => w) },
      });
      navigate(wizardPath.step4(saved.id, saved.modelName));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <WizardFrame
      step={3}
      draft={draft}
      busy={save.isPending}
      onBack={() => d && navigate(wizardPath.step2(d.id, d.modelName, sampleToken(d.sampleImage)))}
      onNext={() => void next()}
    >
      <Typography.Title level={5}>{t('wizard.schedule')}</Typography.Title>
      <Radio.Group
        value={always ? 'always' : 'weekly'}
        onChange={(e) => setAlways(e.target.value === 'always')}
        options={[
          { value: 'always', label: t('wizard.always') },
          { value: 'weekly', label: t('wizard.weekly') },
        ]}
        data-testid="ai-schedule-mode"
      />
      {always ? null : (
        <Flex vertical gap={12} style={{ marginTop: 16 }}>
          {windows.map((w, i) => (
            <Flex key={w.key} wrap gap={12} align="center" data-testid={`ai-window-${i}`}>
              <Checkbox.Group
                value={w.days}
                onChange={(days) => change(i, { days: [...days].sort() })}
                options={DAYS.map((day) => ({ value: day, label: t(`day.${day}`) }))}
              />
              <TimePicker.RangePicker
                format="HH:mm"
                allowClear={false}
                value={[dayjs(w.start, 'HH:mm'), dayjs(w.end, 'HH:mm')]}
                onChange={(range) =>
                  range?.[0] &&
                  range[1] &&
                  change(i, { start: range[0].format('HH:mm'), end: range[1].format('HH:mm') })
                }
                aria-label={t('wizard.window')}
              />
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('wizard.removeWindow')}
                disabled={windows.length === 1}
                onClick={() => setWindows((list) => list.filter((_, j) => j !== i))}
              />
            </Flex>
          ))}
          <Button
            icon={<PlusOutlined />}
            style={{ alignSelf: 'flex-start' }}
            disabled={windows.length >= 14}
            onClick={() =>
              setWindows((list) => [...list, withKey({ days: [6, 7], start: '08:00', end: '18:00' })])
            }
          >
            {t('wizard.addWindow')}
          </Button>
        </Flex>
      )}
      {problem ? (
        <Alert
          type="error"
          showIcon
          message={problem}
          style={{ marginTop: 12 }}
          data-testid="ai-wizard-error"
        />
      ) : null}
    </WizardFrame>
  );
}
