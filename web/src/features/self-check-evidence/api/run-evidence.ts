import {
  type MatrixQuery,
  type MatrixResult,
  RUN_EVIDENCE_API,
  type RunLogQueryInput,
  type RunLogResult,
} from '@sentinel/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';

const KEY = ['selfCheckEvidence'] as const;

/** POST self-check/run-evidence/run-log (the server fills in the last 24 h when no range is given). */
export const useRunLog = (query: RunLogQueryInput) =>
  useQuery({
    queryKey: [...KEY, 'runLog', query],
    queryFn: ({ signal }) =>
      request<RunLogResult>(RUN_EVIDENCE_API.runLog, { method: 'POST', body: query, silent: true, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** POST self-check/run-evidence/matrix: every binding's last 24 h, one query. */
export const useMatrix = (query: MatrixQuery) =>
  useQuery({
    queryKey: [...KEY, 'matrix', query],
    queryFn: ({ signal }) =>
      request<MatrixResult>(RUN_EVIDENCE_API.matrix, { method: 'POST', body: query, silent: true, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
    retry: false,
  });
