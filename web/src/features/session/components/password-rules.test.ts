import { describe, expect, it } from 'vitest';
import { confirmPasswordError, currentPasswordError, newPasswordError } from './password-rules.ts';

describe('password rule messages', () => {
  it('uses the SPEC wording in Chinese', () => {
    expect(newPasswordError('', 'zh-CN')).toBe('请填写密码');
    expect(newPasswordError('aaaaaaaaaaaaaaaaaaaa', 'zh-CN')).toBe(
      '密码必须包含大写字母、小写字母、数字、符号任意三种组合，不少于15位!',
    );
    expect(newPasswordError('Abc123!', 'zh-CN')).toContain('不少于15位');
    expect(confirmPasswordError('x', 'y', 'zh-CN')).toBe('两次输入的密码不一致');
  });
  it('accepts strong passwords and matching confirmation', () => {
    expect(newPasswordError('Sentinel-2024-Plant', 'en')).toBeNull();
    expect(newPasswordError('abcdefghijklmnop12', 'en')).toContain('at least three');
    expect(newPasswordError('abcdefghijklmnop12!', 'en')).toBeNull();
    expect(confirmPasswordError('same', 'same', 'en')).toBeNull();
    expect(currentPasswordError('', 'en')).toBe('Please enter the password');
  });
  it('limits the length to 30', () => {
    expect(newPasswordError(`Aa1!${'x'.repeat(30)}`, 'en')).toBe('The password can be at most 30 characters');
  });
});
