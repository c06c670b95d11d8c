import type { ReportDefinitionItem } from '@sentinel/contract';
import { Button, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { CrudList, EnabledTag, useCrudPage } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { toast } from '@/shared/ui/feedback.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { bodyOf, definitionApi, usePreview, useReportEvents, useSendNow } from '../api.ts';
import { DefinitionForm } from './definition-form.tsx';
import { OutcomeTag } from './outcome-tag.tsx';
import { PreviewDialog } from './preview-dialog.tsx';

/** The definitions of one page: the report sending page (`plant` false) or the plant data report page. */
export function DefinitionsList({ plant }: { plant: boolean }) {
  const { t } = useTranslation('reportSending');
  useReportEvents();
  const route = plant ? 'plantDataReport' : 'reportSending';
  const crud = useCrudPage(definitionApi, route, { query: { plantReport: plant } });
  const sendNow = useSendNow();
  const preview = usePreview();
  const [previewOpen, setPreviewOpen] = useState(false);
  const testId = plant ? 'plant-report' : 'report-definition';

  const columns: TableColumnsType<ReportDefinitionItem> = [
    { title: t('field.name'), dataIndex: 'name' },
    plant
      ? { title: t('field.plant'), dataIndex: 'plantName' }
      : {
          title: t('field.contents'),
          dataIndex: 'contents',
          render: (contents: string[]) => contents.map((c) => <Tag key={c}>{t(`content.${c}`)}</Tag>),
        },
    {
      title: t('field.frequency'),
      key: 'frequency',
      render: (_: unknown, row) =>
        row.frequency === 'interval'
          ? t('frequency.everyMinutes', { count: row.intervalMinutes ?? 0 })
          : t(`frequency.${row.frequency}`),
    },
    {
      title: t('field.recipients'),
      key: 'recipients',
      render: (_: unknown, row) => row.recipients.map((r) => `${r.name || r.address} (${r.lang})`).join(', '),
    },
    { title: t('field.enabled'), dataIndex: 'enabled', render: (v: boolean) => <EnabledTag enabled={v} /> },
    { title: t('field.nextDueAt'), dataIndex: 'nextDueAt', render: formatTime },
    {
      title: t('field.lastOutcome'),
      key: 'last',
      render: (_: unknown, row) =>
        row.lastOutcome ? (
          <>
            <OutcomeTag outcome={row.lastOutcome} /> {formatTime(row.lastSentAt)}
          </>
        ) : (
          '—'
        ),
    },
    crud.actionsColumn({
      testId: (row) => `${testId}-${row.id}`,
      name: (row) => row.name,
      extra: (row) => (
        <>
          <Button
            type="link"
            size="small"
            data-testid={`${testId}-${row.id}-preview`}
            onClick={() => {
              setPreviewOpen(true);
              preview.mutate(bodyOf(row));
            }}
          >
            {t('action.preview')}
          </Button>
          <Button
            type="link"
            size="small"
            data-testid={`${testId}-${row.id}-send`}
            loading={sendNow.isPending && sendNow.variables === row.id}
            onClick={() =>
              sendNow.mutate(row.id, {
                onSuccess: () => toast.success(t('action.queued', { name: row.name })),
              })
            }
          >
            {t('action.sendNow')}
          </Button>
        </>
      ),
    }),
  ];

  return (
    <>
      <CrudList
        crud={crud}
        testId={testId}
        search={t('definition.keyword')}
        addLabel={t(plant ? 'plant.add' : 'definition.add')}
        columns={columns}
        filters={
          <Link to="/systemSettings/reportSending/viewRecord" data-testid="report-records-link">
            {t('record.link')}
          </Link>
        }
      >
        <DefinitionForm plant={plant} {...crud.form} />
      </CrudList>
      <PreviewDialog
        open={previewOpen}
        loading={preview.isPending}
        error={preview.error ? preview.error.message : null}
        preview={preview.data}
        onClose={() => setPreviewOpen(false)}
      />
    </>
  );
}
