import { DownloadOutlined } from '@ant-design/icons';
import type { AuditFilters as Filters } from '@sentinel/contract';
import { AUDIT_EXPORT_MAX_ROWS } from '@sentinel/contract';
import { Button, Card, Flex, Tooltip } from 'antd';
import { useState } from 'react';
import { rangeToQuery } from '@/shared/filters/time-presets.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { toast } from '@/shared/ui/feedback.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { useAuditLog } from '../api/audit-list.ts';
import { exportAuditLog } from '../api/export-audit.ts';
import { AuditFilters, type AuditFilterValues } from '../components/audit-filters.tsx';
import { AuditTable } from '../components/audit-table.tsx';

export function toFilters(values: AuditFilterValues): Filters {
  const accountName = values.accountName?.trim();
  return {
    ...(accountName ? { accountName } : {}),
    ...(values.action ? { action: values.action } : {}),
    ...rangeToQuery(values.range),
  };
}

/**
 * /systemSettings/bizLog, the user behaviour log: every change by any user (who, what, which
 * record, before and after, when, from where), filtered by account, action and time; the
 * filtered log exports to xlsx (bizLog:export). Entries are read-only.
 */
export default function BizLogPage() {
  const { t } = useTranslation('auditLog');
  const buttons = useButtons('bizLog');
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [filters, setFilters] = useState<Filters>({});
  const [exporting, setExporting] = useState(false);
  const query = useAuditLog({ ...paging, ...filters });

  const runExport = async () => {
    setExporting(true);
    try {
      await exportAuditLog(filters);
      toast.success(t('exported'));
    } catch {
      // The message has been shown.
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card variant="borderless" data-testid="biz-log-page">
      <Flex justify="space-between" align="flex-start" wrap gap={8}>
        <AuditFilters
          onSearch={(values) => {
            setFilters(toFilters(values));
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          onReset={() => {
            setFilters({});
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
        {buttons.can('bizLog:export') ? (
          <Tooltip title={t('exportHint', { max: AUDIT_EXPORT_MAX_ROWS.toLocaleString() })}>
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={() => void runExport()}
              data-testid="biz-log-export"
            >
              {t('export')}
            </Button>
          </Tooltip>
        ) : null}
      </Flex>
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <AuditTable
          rows={query.data?.list ?? []}
          loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
          pagination={tablePagination(paging, query.data?.count ?? 0, setPaging)}
        />
      )}
    </Card>
  );
}
