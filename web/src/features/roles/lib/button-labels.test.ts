import { BUTTONS } from '@sentinel/contract';
import { describe, expect, it } from 'vitest';
import { ACTION_LABELS, actionOf, buttonLabel } from './button-labels.ts';

describe('button labels', () => {
  it('names the action after the colon in both languages', () => {
    expect(actionOf('cameraSet:add')).toBe('add');
    expect(actionOf('plain')).toBe('plain');
    expect(buttonLabel('cameraSet:add', 'en')).toBe('Add');
    expect(buttonLabel('cameraSet:add', 'zh-CN')).toBe('新增');
    expect(buttonLabel('accounts:resetPassword', 'zh-CN')).toBe('重置密码');
  });

  it('falls back to the code for an unknown action', () => {
    expect(buttonLabel('cameraSet:teleport', 'en')).toBe('cameraSet:teleport');
    expect(buttonLabel('x:toString', 'en')).toBe('x:toString');
    expect(buttonLabel('x:y', 'en', 'add')).toBe('Add');
  });

  it('has a label for every action of the known button codes, non-empty in both languages', () => {
    const actions = new Set(Object.values(BUTTONS).flat().map(actionOf));
    for (const action of actions) expect(ACTION_LABELS[action], action).toBeDefined();
    for (const [action, label] of Object.entries(ACTION_LABELS)) {
      expect(label.en.trim(), action).not.toBe('');
      expect(label['zh-CN'].trim(), action).not.toBe('');
    }
  });
});
