import type { AiVersion } from '@sentinel/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import zh from '../locales/zh-CN.json';

vi.mock('@/shared/ui/feedback.ts', () => ({
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() },
  confirmDialog: vi.fn(),
  ERROR_TOAST_SECONDS: 5,
}));

import { stubBrowserApis } from '@/shared/testing/jsdom-stubs.ts';

stubBrowserApis();
const { initI18n } = await import('@/shared/i18n/i18n.ts');
initI18n({ en: { common: {}, aiInstances: en }, 'zh-CN': { common: {}, aiInstances: zh } }, 'en');
const { PublishDialog } = await import('./publish-dialog.tsx');

const version = (number: number, falsePositiveRate: number | null, live = false): AiVersion => ({
  id: number * 10,
  number,
  source: 'training',
  model: 'YOLO',
  sha256: 'a'.repeat(64),
  sizeBytes: 2048,
  metrics:
    falsePositiveRate === null
      ? null
      : { precision: 0.9, recall: 0.8, falsePositiveRate, evaluatedOn: 'set v1', evaluatedAt: '' },
  note: '',
  createdBy: 'trainer',
  createdAt: '2026-05-01T08:00:00Z',
  live,
  alarms: 0,
  falsePositives: 0,
  falsePositiveRate: null,
});

const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
  Response.json({ status: 0, message: 'Version published', data: null }),
);
beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = (candidate: AiVersion, live: AiVersion | null, onClose = vi.fn()) => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PublishDialog instanceId={7} candidate={candidate} live={live} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
};
const ok = () => screen.getByTestId('publish-ok') as HTMLButtonElement;
const sentBody = () => JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body ?? '{}'));

describe('PublishDialog (the publish gate)', () => {
  it('shows the metrics side by side and publishes a better version without an override', async () => {
    const onClose = show(version(2, 0.1), version(1, 0.2, true));
    expect(screen.getByTestId('gate-metrics').textContent).toMatch(/10\.0%.*20\.0%/);
    screen.getByTestId('gate-passes');
    fireEvent.click(ok());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]?.[0]).toContain('/aiInstance/7/publish');
    expect(sentBody()).toEqual({ versionId: 20 });
  });

  it('asks for an override with a reason of at least 5 characters for a worse or unmeasured version', async () => {
    for (const candidate of [version(3, 0.3), version(4, null)]) {
      cleanup();
      fetchMock.mockClear();
      const onClose = show(candidate, version(1, 0.2, true));
      screen.getByTestId('gate-refuses');
      expect(ok().disabled).toBe(true);
      fireEvent.click(screen.getByTestId('gate-override'));
      fireEvent.change(screen.getByTestId('gate-reason'), { target: { value: 'abc' } });
      expect(ok().disabled).toBe(true);
      fireEvent.change(screen.getByTestId('gate-reason'), { target: { value: '  Night shift  ' } });
      expect(ok().disabled).toBe(false);
      fireEvent.click(ok());
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(sentBody()).toEqual({ versionId: candidate.id, override: true, reason: 'Night shift' });
    }
  });
});
