import { OFFLINE_STATE } from '@sentinel/contract';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import zh from '../locales/zh-CN.json';
import { isActive, POLL_MS, pollInterval, STATE_OPTIONS, stateTag } from './analysis-state.ts';

const label = (dict: Record<string, unknown>, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], dict);

describe('analysis state', () => {
  it('maps each state to its tag colour and label', () => {
    expect(stateTag(OFFLINE_STATE.waiting).color).toBe('default');
    expect(stateTag(OFFLINE_STATE.analyzing).color).toBe('processing');
    expect(stateTag(OFFLINE_STATE.finished).color).toBe('success');
    expect(stateTag(OFFLINE_STATE.failed).color).toBe('error');
    expect(STATE_OPTIONS.map((s) => label(en, stateTag(s).labelKey))).toEqual([
      'Waiting',
      'Analyzing',
      'Finished',
      'Failed',
    ]);
    expect(STATE_OPTIONS.map((s) => label(zh, stateTag(s).labelKey))).toEqual([
      '等待中',
      '分析中',
      '已完成',
      '失败',
    ]);
  });

  it('polls every 2 s only while a job is waiting or analyzing', () => {
    expect(isActive(OFFLINE_STATE.waiting)).toBe(true);
    expect(isActive(OFFLINE_STATE.analyzing)).toBe(true);
    expect(isActive(OFFLINE_STATE.finished)).toBe(false);
    expect(isActive(OFFLINE_STATE.failed)).toBe(false);
    expect(POLL_MS).toBe(2000);
    expect(pollInterval(undefined)).toBe(false);
    expect(pollInterval([])).toBe(false);
    expect(pollInterval([{ state: 2 }, { state: 3 }])).toBe(false);
    expect(pollInterval([{ state: 2 }, { state: 0 }])).toBe(2000);
    expect(pollInterval([{ state: 1 }])).toBe(2000);
  });
});
