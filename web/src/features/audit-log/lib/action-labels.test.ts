import { describe, expect, it } from 'vitest';
import { actionLabel, actionText } from './action-labels.ts';

describe('audit action labels', () => {
  it('names whole actions and entity.verb pairs in both languages', () => {
    expect(actionLabel('login.success', 'en')).toBe('Logged in');
    expect(actionLabel('login.success', 'zh-CN')).toBe('登录成功');
    expect(actionLabel('role.update', 'en')).toBe('Edit role');
    expect(actionLabel('role.update', 'zh-CN')).toBe('修改角色');
    expect(actionLabel('camera.delete', 'zh-CN')).toBe('删除摄像头');
    expect(actionLabel('sceneCamera.unbind', 'en')).toBe('Unbind scene camera');
  });

  it('leaves unknown and raw route actions unlabelled, shown as they are', () => {
    expect(actionLabel('PUT /api/v2/backend/scene', 'en')).toBeUndefined();
    expect(actionLabel('teleport.create', 'en')).toBeUndefined();
    expect(actionLabel('role.toString', 'en')).toBeUndefined();
    expect(actionLabel('constructor.create', 'en')).toBeUndefined();
    expect(actionText('PUT /api/v2/backend/scene', 'zh-CN')).toBe('PUT /api/v2/backend/scene');
  });
});
