import { describe, expect, it } from 'vitest';
import { loginUrl, safeRedirect } from './safe-redirect.ts';

describe('safeRedirect', () => {
  it('accepts same-origin paths with query', () => {
    expect(safeRedirect('/historyRecords/historyAlarm?page=2')).toBe('/historyRecords/historyAlarm?page=2');
    expect(safeRedirect('%2Fpermission%2Frole')).toBe('/permission/role');
  });
  it('rejects absolute, protocol-relative and odd targets', () => {
    for (const bad of [
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
      null,
      undefined,
      'dashboard',
    ]) {
      expect(safeRedirect(bad)).toBe('/dashboard');
    }
  });
  it('never redirects back to login', () => {
    expect(safeRedirect('/login?redirect=/x')).toBe('/dashboard');
  });
  it('builds login urls', () => {
    expect(loginUrl('/permission/role?x=1')).toBe('/login?redirect=%2Fpermission%2Frole%3Fx%3D1');
    expect(loginUrl('/dashboard')).toBe('/login?redirect=%2Fdashboard');
    expect(loginUrl('/')).toBe('/login');
  });
});
