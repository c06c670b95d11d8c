import {
  ALARM_COOLDOWN_MAX,
  ALARM_SETTINGS_API,
  ALARM_SOUND_MAX_BYTES,
  type AlarmSettings,
  alarmSettingsBody,
  isMp3,
  PRIORITY_CODES,
  PRIORITY_LABELS,
} from '@sentinel/contract';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  InputNumber,
  Row,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { zodRule } from '@/shared/crud/index.ts';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { applyFieldErrors } from '@/shared/request/field-errors.ts';
import { confirmDialog, toast } from '@/shared/ui/feedback.ts';
import { PageError, PageLoading } from '@/shared/ui/page-states.tsx';
import { useAlarmSettings, useResetSound, useSaveAlarmSettings, useUploadSound } from '../api.ts';

const f = alarmSettingsBody.shape;
type Values = Pick<
  AlarmSettings,
  'priorities' | 'cooldownSeconds' | 'quietEnabled' | 'quietFrom' | 'quietTo' | 'quietSuppressed' | 'timeZone'
>;

/**
 * /systemSettings/alarmSettings: the global push policy of the floating alarm panel (levels,
 * per-camera cooldown, quiet hours) and its sound. Applies before each user's own alarm rule.
 */
export default function AlarmSettingsPage() {
  const { t } = useTranslation('alarmSettings');
  const lang = useLang();
  const settings = useAlarmSettings();
  const { can } = useButtons('alarmSettings');
  const editable = can('alarmSettings:edit');
  const save = useSaveAlarmSettings();
  const upload = useUploadSound();
  const reset = useResetSound();
  const [form] = Form.useForm<Values>();
  const quietEnabled = Form.useWatch('quietEnabled', form);
  const fileInput = useRef<HTMLInputElement>(null);
  const [soundError, setSoundError] = useState('');
  const data = settings.data;

  useEffect(() => {
    if (data) form.setFieldsValue(data);
  }, [form, data]);

  if (settings.isPending) return <PageLoading />;
  if (settings.isError || !data)
    return <PageError message={settings.error?.message} onRetry={() => void settings.refetch()} />;

  const levels = PRIORITY_CODES.map((code) => ({ value: code, label: PRIORITY_LABELS[code][lang] }));

  const submit = async (values: Values) => {
    try {
      await save.mutateAsync({ ...values, cooldownSeconds: values.cooldownSeconds ?? 0 });
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };

  const chooseFile = async (file: File | undefined) => {
    if (!file) return;
    setSoundError('');
    if (file.size > ALARM_SOUND_MAX_BYTES) {
      setSoundError(t('soundSize'));
      return;
    }
    // The server checks the signature too; checking here answers at once.
    if (!isMp3(new Uint8Array(await file.slice(0, 16).arrayBuffer()))) {
      setSoundError(t('soundType'));
      return;
    }
    try {
      await upload.mutateAsync(file);
      toast.success(t('soundSaved'));
    } catch (error) {
      setSoundError(error instanceof Error ? error.message : t('soundType'));
    }
  };

  const play = () => {
    const audio = new Audio(`${ALARM_SETTINGS_API.sound}?v=${encodeURIComponent(data.soundVersion)}`);
    audio.play().catch(() => toast.error(t('playFailed')));
  };

  return (
    <Row gutter={[16, 16]} data-testid="alarm-settings-page">
      <Col xs={24} xl={14}>
        <Card title={t('policyTitle')}>
          <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
          <Form<Values>
            form={form}
            layout="vertical"
            onFinish={submit}
            disabled={!editable}
            data-testid="alarm-settings-form"
          >
            <Form.Item name="priorities" label={t('field.priorities')} extra={t('hint.priorities')}>
              <Checkbox.Group options={levels} data-testid="alarm-settings-priorities" />
            </Form.Item>
            <Form.Item
              name="cooldownSeconds"
              label={t('field.cooldown')}
              extra={t('hint.cooldown')}
              rules={[zodRule(f.cooldownSeconds, { emptyAs: 0 })]}
            >
              <InputNumber
                min={0}
                max={ALARM_COOLDOWN_MAX}
                precision={0}
                addonAfter={t('seconds')}
                style={{ width: 240 }}
                data-testid="alarm-settings-cooldown"
              />
            </Form.Item>
            <Form.Item
              name="quietEnabled"
              label={t('field.quiet')}
              valuePropName="checked"
              extra={t('hint.quiet')}
            >
              <Switch data-testid="alarm-settings-quiet" />
            </Form.Item>
            <Space wrap>
              <Form.Item name="quietFrom" label={t('field.quietFrom')} rules={[zodRule(f.quietFrom)]}>
                <Input
                  type="time"
                  disabled={!quietEnabled || !editable}
                  data-testid="alarm-settings-quiet-from"
                />
              </Form.Item>
              <Form.Item name="quietTo" label={t('field.quietTo')} rules={[zodRule(f.quietTo)]}>
                <Input
                  type="time"
                  disabled={!quietEnabled || !editable}
                  data-testid="alarm-settings-quiet-to"
                />
              </Form.Item>
              <Form.Item name="timeZone" label={t('field.timeZone')} rules={[zodRule(f.timeZone)]}>
                <Input maxLength={64} style={{ width: 220 }} data-testid="alarm-settings-timezone" />
              </Form.Item>
            </Space>
            <Form.Item
              name="quietSuppressed"
              label={t('field.quietSuppressed')}
              extra={t('hint.quietSuppressed')}
            >
              <Checkbox.Group options={levels} disabled={!quietEnabled || !editable} />
            </Form.Item>
            {editable ? (
              <Button
                type="primary"
                htmlType="submit"
                loading={save.isPending}
                data-testid="alarm-settings-save"
              >
                {t('save')}
              </Button>
            ) : (
              <Alert type="info" showIcon title={t('readOnly')} />
            )}
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card title={t('soundTitle')}>
          <Typography.Paragraph>
            {data.sound === 'custom' ? (
              <span data-testid="alarm-settings-sound-name">
                {t('soundCustom', { name: data.soundName, size: Math.ceil(data.soundSize / 1024) })}
              </span>
            ) : (
              <span data-testid="alarm-settings-sound-name">{t('soundBuiltin')}</span>
            )}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">{t('hint.sound')}</Typography.Paragraph>
          {soundError ? (
            <Alert
              type="error"
              showIcon
              title={soundError}
              style={{ marginBottom: 12 }}
              data-testid="alarm-settings-sound-error"
            />
          ) : null}
          <Space wrap>
            <input
              ref={fileInput}
              type="file"
              accept=".mp3,audio/mpeg"
              hidden
              data-testid="alarm-settings-sound-file"
              onChange={(event) => {
                void chooseFile(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            {editable ? (
              <Button
                onClick={() => fileInput.current?.click()}
                loading={upload.isPending}
                data-testid="alarm-settings-sound-upload"
              >
                {t('upload')}
              </Button>
            ) : null}
            {data.sound === 'custom' ? (
              <Button onClick={play} data-testid="alarm-settings-sound-play">
                {t('play')}
              </Button>
            ) : null}
            {editable && data.sound === 'custom' ? (
              <Button
                danger
                loading={reset.isPending}
                data-testid="alarm-settings-sound-reset"
                onClick={() =>
                  confirmDialog({
                    title: t('resetConfirm'),
                    onOk: () => reset.mutateAsync(),
                  })
                }
              >
                {t('reset')}
              </Button>
            ) : null}
          </Space>
        </Card>
      </Col>
    </Row>
  );
}
