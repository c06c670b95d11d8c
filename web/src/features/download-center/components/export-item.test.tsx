import type { ExportFile } from '@sentinel/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis } from '@/shared/testing/jsdom-stubs.ts';
import en from '../locales/en.json';
import zh from '../locales/zh-CN.json';

stubBrowserApis();
const retry = vi.fn();
vi.mock('../api/exports.ts', () => ({
  downloadExport: vi.fn(),
  useDeleteExport: () => ({ mutateAsync: vi.fn() }),
  useRetryExport: () => ({ mutate: retry, isPending: false }),
}));
const { initI18n } = await import('@/shared/i18n/i18n.ts');
initI18n({ en: { common: {}, downloadCenter: en }, 'zh-CN': { common: {}, downloadCenter: zh } }, 'en');
const { ExportItem } = await import('./export-item.tsx');

const file = (over: Partial<ExportFile>): ExportFile => ({
  id: 7,
  fileName: 'video-alarms-20261124-080000.xlsx',
  fileUrl: null,
  state: 2,
  gmtCreate: '2026-11-24T08:00:00.000Z',
  failureReason: 'The server stopped while this file was being generated. Delete it and export again.',
  retryable: true,
  ...over,
});

afterEach(cleanup);

describe('ExportItem', () => {
  it('says why a file failed and offers to generate it again', () => {
    render(<ExportItem file={file({})} />);
    expect(screen.getByTestId('export-failure').textContent).toBe(
      'The server stopped while this file was being generated. Delete it and export again.',
    );
    fireEvent.click(screen.getByTestId('export-retry'));
    expect(retry).toHaveBeenCalledWith(7);
  });

  it('offers no retry for a file that cannot be run again, nor for one that did not fail', () => {
    render(<ExportItem file={file({ retryable: false, failureReason: '' })} />);
    expect(screen.queryByTestId('export-retry')).toBeNull();
    expect(screen.getByTestId('export-failure').textContent).toBe(en.failedNote);
    cleanup();
    render(
      <ExportItem
        file={file({
          state: 1,
          fileUrl: '/api/v2/backend/export/file/x.xlsx',
          failureReason: '',
          retryable: false,
        })}
      />,
    );
    expect(screen.queryByTestId('export-retry')).toBeNull();
    expect(screen.getByTestId('export-download')).toBeTruthy();
  });
});
