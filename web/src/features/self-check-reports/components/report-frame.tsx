import { DownloadOutlined } from '@ant-design/icons';
import type { RunReportQueryInput } from '@sentinel/contract';
import { Button, Card, Flex } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { downloadReport } from '../api/download.ts';
import { defaultValues, type ReportFilterValues, toQuery } from '../lib/report-query.ts';
import { MaintenancePanel } from './maintenance-panel.tsx';
import { ReportFilters } from './report-filters.tsx';

/** The common frame of both reports: filters, xlsx download, the report, the maintenance windows. */
export function ReportFrame({
  kind,
  testId,
  children,
}: {
  kind: 'camera' | 'algorithm';
  testId: string;
  children: (query: RunReportQueryInput | undefined) => ReactNode;
}) {
  const { t } = useTranslation('selfCheckReports');
  const [query, setQuery] = useState(() => toQuery(defaultValues()));
  const [exporting, setExporting] = useState(false);
  const download = async () => {
    if (!query) return;
    setExporting(true);
    try {
      await downloadReport(kind, query, t(`${kind}.title`));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Card variant="borderless" data-testid={testId}>
      <Flex justify="space-between" align="flex-start" wrap gap={8}>
        <ReportFilters kind={kind} onSearch={(values: ReportFilterValues) => setQuery(toQuery(values))} />
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          disabled={!query}
          onClick={() => void download()}
          data-testid="run-report-export"
        >
          {t('export')}
        </Button>
      </Flex>
      {children(query)}
      <MaintenancePanel range={query} canEdit={kind === 'camera'} />
    </Card>
  );
}
