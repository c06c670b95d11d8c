import type { SqlQueryTables } from '@sentinel/contract';
import { Input, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { PageEmpty, PageError, PageLoading } from '@/shared/ui/page-states.tsx';

interface Props {
  data: SqlQueryTables | undefined;
  loading: boolean;
  error: string | undefined;
  onRetry: () => void;
  /** A table or column name clicked: inserted into the editor. */
  onPick: (name: string) => void;
}

/** The readable tables and their columns; a click inserts the name into the editor. */
export function TablePanel({ data, loading, error, onRetry, onPick }: Props) {
  const { t } = useTranslation('sqlQuery');
  const [filter, setFilter] = useState('');
  const treeData = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return (data?.list ?? [])
      .filter(
        (table) =>
          !needle || table.table.includes(needle) || table.columns.some((c) => c.name.includes(needle)),
      )
      .map((table) => ({
        key: table.table,
        title: <span data-testid={`sql-table-${table.table}`}>{table.table}</span>,
        children: table.columns.map((column) => ({
          key: `${table.table}.${column.name}`,
          isLeaf: true,
          title: (
            <span>
              {column.name} <Typography.Text type="secondary">{column.type}</Typography.Text>
            </span>
          ),
        })),
      }));
  }, [data, filter]);

  if (loading) return <PageLoading />;
  if (error !== undefined) return <PageError message={error} onRetry={onRetry} />;
  return (
    <div data-testid="sql-tables">
      <Typography.Title level={5}>{t('tables.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('tables.hint')}</Typography.Paragraph>
      <Input.Search
        allowClear
        placeholder={t('tables.filter')}
        aria-label={t('tables.filter')}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        style={{ marginBottom: 8 }}
      />
      {treeData.length === 0 ? (
        <PageEmpty />
      ) : (
        <Tree
          height={520}
          blockNode
          treeData={treeData}
          onSelect={(_, info) => {
            const key = String(info.node.key);
            onPick(key.includes('.') ? key.slice(key.indexOf('.') + 1) : key);
          }}
        />
      )}
    </div>
  );
}
