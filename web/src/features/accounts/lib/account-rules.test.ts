import { PASSWORD_MAX, translate } from '@sentinel/contract';
import { describe, expect, it } from 'vitest';
import { accountChecks } from './account-rules.ts';

const STRONG = 'Abcdefgh12345!x';

describe('account form rules (SPEC §5)', () => {
  it("refuses a Chinese account name with 'Account name cannot be in Chinese'", () => {
    const code = accountChecks.accountName('张三');
    expect(code).toBe('field.accountNotChinese');
    expect(translate(code ?? '', 'en')).toBe('Account name cannot be in Chinese');
    expect(translate(code ?? '', 'zh-CN')).toBe('账号不能为中文');
    expect(accountChecks.accountName('zhang三')).toBe('field.accountNotChinese');
  });

  it('needs an account name and accepts a Latin one', () => {
    expect(accountChecks.accountName('')).toBe('field.required');
    expect(accountChecks.accountName('operator.li')).toBeNull();
  });

  it('accepts an empty phone or 11 digits starting with 1, nothing else', () => {
    expect(accountChecks.phone('')).toBeNull();
    expect(accountChecks.phone('13800138000')).toBeNull();
    for (const bad of ['23800138000', '1380013800', '138001380001', '1380013800a']) {
      expect(accountChecks.phone(bad), bad).toBe('field.phone');
    }
    expect(translate('field.phone', 'en')).toBe('Please enter the correct telephone number');
  });

  it('accepts an empty email or a valid address', () => {
    expect(accountChecks.email('')).toBeNull();
    expect(accountChecks.email('li@example.com')).toBeNull();
    expect(accountChecks.email('li@')).toBe('field.email');
    expect(accountChecks.email('not an email')).toBe('field.email');
  });

  it('needs at least one role', () => {
    expect(accountChecks.roleIds([])).toBe('account.roleRequired');
    expect(accountChecks.roleIds(undefined)).toBe('account.roleRequired');
    expect(accountChecks.roleIds([2])).toBeNull();
  });

  it('lets the password be empty (initial password generated) but applies the strict rule otherwise', () => {
    expect(accountChecks.password('')).toBeNull();
    expect(accountChecks.password(undefined)).toBeNull();
    expect(accountChecks.password(STRONG)).toBeNull();
    // Too short, and single-kind strings.
    expect(accountChecks.password('Ab1!')).toBe('password.rule');
    expect(accountChecks.password('abcdefghijklmnopq')).toBe('password.rule');
    expect(accountChecks.password('123456789012345678')).toBe('password.rule');
    // Two kinds only.
    expect(accountChecks.password('abcdefgh12345678')).toBe('password.rule');
    expect(translate('password.rule', 'zh-CN')).toBe(
      '密码必须包含大写字母、小写字母、数字、符号任意三种组合，不少于15位!',
    );
  });

  it('refuses 31 characters and accepts 30', () => {
    expect(accountChecks.password(`${STRONG}${'a'.repeat(PASSWORD_MAX - STRONG.length)}`)).toBeNull();
    expect(accountChecks.password(`${STRONG}${'a'.repeat(PASSWORD_MAX + 1 - STRONG.length)}`)).toBe(
      'password.tooLong',
    );
  });

  it('needs the confirmation to match when a password is typed', () => {
    expect(accountChecks.confirm('', '')).toBeNull();
    expect(accountChecks.confirm(undefined, undefined)).toBeNull();
    expect(accountChecks.confirm('', STRONG)).toBe('password.required');
    expect(accountChecks.confirm(`${STRONG}y`, STRONG)).toBe('password.mismatch');
    expect(accountChecks.confirm('something', '')).toBe('password.mismatch');
    expect(accountChecks.confirm(STRONG, STRONG)).toBeNull();
    expect(translate('password.mismatch', 'zh-CN')).toBe('两次输入的密码不一致');
  });
});
