import { SQL_QUERY_API, type SqlQueryResult, type SqlQueryTables } from '@sentinel/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { downloadFile } from '@/features/download-center/index.ts';
import { request } from '@/shared/request/request.ts';

/** The tables and columns a query may read (the side panel). */
export const useSqlTables = () =>
  useQuery({
    queryKey: ['sqlQuery', 'tables'],
    queryFn: ({ signal }) => request<SqlQueryTables>(SQL_QUERY_API.tables, { silent: true, signal }),
    retry: false,
  });

/** Runs one query; a refusal rejects with a RequestError whose `data` says where and what (no toast). */
export const useRunSql = () =>
  useMutation({
    mutationFn: (sql: string) =>
      request<SqlQueryResult>(SQL_QUERY_API.run, { method: 'POST', body: { sql }, silent: true, long: true }),
  });

/** Runs the query again on the server and saves its result as an xlsx file. */
export const useExportSql = () =>
  useMutation({
    mutationFn: (sql: string) =>
      downloadFile(SQL_QUERY_API.export, { sql }, `sql-query-${dayjs().format('YYYYMMDD-HHmmss')}.xlsx`),
  });
