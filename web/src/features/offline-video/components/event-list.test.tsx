import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubBrowserApis } from '@/shared/testing/jsdom-stubs.ts';
import en from '../locales/en.json';
import zh from '../locales/zh-CN.json';

stubBrowserApis();

const { initI18n, setLanguage } = await import('@/shared/i18n/i18n.ts');
initI18n({ en: { common: {}, offlineVideo: en }, 'zh-CN': { common: {}, offlineVideo: zh } }, 'en');
const { EventList } = await import('./event-list.tsx');

afterEach(cleanup);

const event = (id: number, offsetSeconds: number) => ({
  id,
  algorithmId: 1,
  algorithmName: 'Helmet',
  offsetSeconds,
  result: `person without helmet ${id}`,
  imageUrl: `/img/${id}.jpg`,
  createdAt: '2026-05-01T08:00:00',
});

describe('EventList', () => {
  it('lists each event with its image, algorithm, time in the video and result', () => {
    render(<EventList events={[event(1, 4.2), event(2, 75)]} active={false} progress={100} />);
    const items = screen.getAllByTestId('offline-event');
    expect(items).toHaveLength(2);
    expect(items[0]?.querySelector('img')?.getAttribute('src')).toBe('/img/1.jpg');
    expect(screen.getAllByTestId('offline-event-time').map((e) => e.textContent)).toEqual(['00:04', '01:15']);
    expect(items[1]?.textContent).toContain('Helmet');
    expect(items[1]?.textContent).toContain('person without helmet 2');
  });

  it("says 'No events found' / '未发现事件' for an ended job without events", async () => {
    render(<EventList events={[]} active={false} progress={100} />);
    expect(screen.getByTestId('offline-events-empty').textContent).toContain('No events found');
    cleanup();
    await setLanguage('zh-CN');
    render(<EventList events={[]} active={false} progress={100} />);
    expect(screen.getByTestId('offline-events-empty').textContent).toContain('未发现事件');
    await setLanguage('en');
  });

  it('shows the progress while the job runs', () => {
    render(<EventList events={[]} active progress={55} />);
    expect(screen.getByTestId('offline-events-pending').textContent).toContain('55%');
    expect(screen.queryByTestId('offline-events-empty')).toBeNull();
  });
});
