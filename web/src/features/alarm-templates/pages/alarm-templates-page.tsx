import { ALARM_TEMPLATE_CHANNELS, LANGS } from '@sentinel/contract';
import { Card, Tabs, Typography } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { PageError, PageLoading } from '@/shared/ui/page-states.tsx';
import { useAlarmTemplates, useSampleAlarms } from '../api.ts';
import { TemplateEditor } from '../components/template-editor.tsx';

/**
 * /systemSettings/alarmTemplates: the messages alarms become in mail and outbound deliveries, per
 * channel and language, with placeholders and a live preview.
 */
export default function AlarmTemplatesPage() {
  const { t } = useTranslation('alarmTemplates');
  const templates = useAlarmTemplates();
  const samples = useSampleAlarms();
  const { can } = useButtons('alarmTemplates');
  const editable = can('alarmTemplates:edit');

  if (templates.isPending) return <PageLoading />;
  if (templates.isError)
    return <PageError message={templates.error.message} onRetry={() => void templates.refetch()} />;
  const list = templates.data;

  return (
    <Card data-testid="alarm-templates-page">
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Tabs
        items={ALARM_TEMPLATE_CHANNELS.map((channel) => ({
          key: channel,
          label: <span data-testid={`template-channel-${channel}`}>{t(`channel.${channel}`)}</span>,
          children: (
            <Tabs
              type="card"
              items={LANGS.map((lang) => {
                const item = list.find((x) => x.channel === channel && x.lang === lang);
                return {
                  key: lang,
                  label: <span data-testid={`template-lang-${channel}-${lang}`}>{t(`lang.${lang}`)}</span>,
                  children: item ? (
                    <TemplateEditor item={item} samples={samples.data ?? []} editable={editable} />
                  ) : null,
                };
              })}
            />
          ),
        }))}
      />
    </Card>
  );
}
