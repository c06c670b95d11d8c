import { DownloadOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { SQL_QUERY_MAX_CHARS, type SqlQueryRefusal, type SqlQueryResult } from '@sentinel/contract';
import { Alert, Button, Card, Col, Input, Row, Space, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { RequestError } from '@/shared/request/errors.ts';
import { PageEmpty } from '@/shared/ui/page-states.tsx';
import { useExportSql, useRunSql, useSqlTables } from '../api/sql-query.ts';
import { ResultTable } from '../components/result-table.tsx';
import { TablePanel } from '../components/table-panel.tsx';

const EXAMPLE = 'select id, name\n  from role\n order by id';

interface Failure {
  message: string;
  refusal: SqlQueryRefusal;
}

/**
 * /systemSettings/sqlQuery (admin only): one read-only SELECT at a time over the product's data.
 * The server checks it with PostgreSQL's parser, runs it read only under a SELECT-only role with a
 * time limit and a row cap, and writes every run into the audit log.
 */
export default function SqlQueryPage() {
  const { t } = useTranslation('sqlQuery');
  const [sql, setSql] = useState(EXAMPLE);
  const [result, setResult] = useState<SqlQueryResult>();
  const [failure, setFailure] = useState<Failure>();
  const editor = useRef<TextAreaRef>(null);
  const tables = useSqlTables();
  const run = useRunSql();
  const exportSql = useExportSql();
  const unavailable = tables.data?.available === false;

  const submit = async () => {
    if (run.isPending) return;
    setFailure(undefined);
    try {
      setResult(await run.mutateAsync(sql));
    } catch (error) {
      setResult(undefined);
      const refusal = error instanceof RequestError ? ((error.data ?? {}) as SqlQueryRefusal) : {};
      setFailure({ message: error instanceof Error ? error.message : String(error), refusal });
    }
  };

  /** Inserts a table or column name at the caret (or over the selection). */
  const insert = (name: string) => {
    const area = editor.current?.resizableTextArea?.textArea;
    const start = area?.selectionStart ?? sql.length;
    const end = area?.selectionEnd ?? sql.length;
    const next = `${sql.slice(0, start)}${name}${sql.slice(end)}`;
    setSql(next);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + name.length, start + name.length);
    });
  };

  const limits = tables.data
    ? { rows: tables.data.maxRows, seconds: tables.data.timeoutMs / 1000 }
    : undefined;
  const refusal = failure?.refusal;

  return (
    <Card variant="borderless" data-testid="sql-query-page">
      <Row gutter={16}>
        <Col xs={24} lg={6}>
          <TablePanel
            data={tables.data}
            loading={tables.isPending}
            error={tables.isError ? tables.error.message : undefined}
            onRetry={() => void tables.refetch()}
            onPick={insert}
          />
        </Col>
        <Col xs={24} lg={18}>
          <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
          {unavailable ? (
            <Alert
              type="warning"
              showIcon
              message={t('unavailable')}
              style={{ marginBottom: 12 }}
              data-testid="sql-unavailable"
            />
          ) : null}
          <Input.TextArea
            ref={editor}
            value={sql}
            onChange={(event) => setSql(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                void submit();
              }
            }}
            autoSize={{ minRows: 6, maxRows: 20 }}
            maxLength={SQL_QUERY_MAX_CHARS}
            showCount
            spellCheck={false}
            aria-label={t('editor')}
            placeholder={t('placeholder')}
            styles={{ textarea: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' } }}
            data-testid="sql-editor"
          />
          <Space wrap style={{ display: 'flex', margin: '12px 0' }}>
            <Button
              type="primary"
              icon={<PlayCircleOutlined />}
              loading={run.isPending}
              disabled={unavailable}
              onClick={() => void submit()}
              data-testid="sql-run"
            >
              {t('run')}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              loading={exportSql.isPending}
              disabled={unavailable || sql.trim() === ''}
              onClick={() => exportSql.mutate(sql)}
              data-testid="sql-export"
            >
              {t('export')}
            </Button>
            <Typography.Text type="secondary">{limits ? t('limits', limits) : t('shortcut')}</Typography.Text>
          </Space>
          {failure ? (
            <Alert
              type="error"
              showIcon
              message={failure.message}
              description={
                refusal && (refusal.detail || refusal.name || refusal.position) ? (
                  <Space orientation="vertical" size={2}>
                    {refusal.name ? <span>{t('refusal.name', { name: refusal.name })}</span> : null}
                    {refusal.position ? (
                      <span>{t('refusal.position', { position: refusal.position })}</span>
                    ) : null}
                    {refusal.detail ? <Typography.Text code>{refusal.detail}</Typography.Text> : null}
                  </Space>
                ) : undefined
              }
              style={{ marginBottom: 12 }}
              data-testid="sql-error"
            />
          ) : null}
          {result ? (
            <>
              <div style={{ marginBottom: 8 }}>
                <Typography.Text data-testid="sql-summary">
                  {t('result.summary', { rows: result.rowCount, ms: result.durationMs })}
                </Typography.Text>
              </div>
              {result.truncated ? (
                <Alert
                  type="warning"
                  showIcon
                  message={t('result.truncated', { rows: result.maxRows })}
                  style={{ marginBottom: 8 }}
                  data-testid="sql-truncated"
                />
              ) : null}
              <ResultTable result={result} />
            </>
          ) : failure ? null : (
            <PageEmpty description={t('result.none')} />
          )}
        </Col>
      </Row>
    </Card>
  );
}
