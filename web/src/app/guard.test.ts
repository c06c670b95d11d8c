import { describe, expect, it } from 'vitest';
import { decide, type GuardInput, nodeForPath } from './guard.ts';

const base: GuardInput = {
  pathname: '/dashboard',
  search: '',
  token: 't',
  loaded: true,
  mustChangePassword: false,
  permitted: new Set(['groupHomePage', 'dashboard', 'historyRecords', 'historyTask', 'taskDetails']),
};

describe('route guard', () => {
  it('sends anonymous users to login with the redirect, except open routes', () => {
    expect(decide({ ...base, token: '', pathname: '/historyRecords/historyTask', search: '?a=1' })).toEqual({
      type: 'redirect',
      to: '/login?redirect=%2FhistoryRecords%2FhistoryTask%3Fa%3D1',
    });
    expect(decide({ ...base, token: '', pathname: '/login' })).toEqual({ type: 'allow' });
    expect(decide({ ...base, token: '', pathname: '/auth-redirect' })).toEqual({ type: 'allow' });
    expect(decide({ ...base, token: '', pathname: '/404' }).type).toBe('redirect');
  });
  it('sends logged-in users away from login', () => {
    expect(decide({ ...base, pathname: '/login' })).toEqual({ type: 'redirect', to: '/dashboard' });
  });
  it('handles the dashboard query token', () => {
    expect(decide({ ...base, token: '', search: '?token=-1&message=bad' })).toEqual({
      type: 'tokenError',
      message: 'bad',
      to: '/404',
    });
    expect(decide({ ...base, token: '', search: '?token=abc&x=1' })).toEqual({
      type: 'storeToken',
      token: 'abc',
      to: '/dashboard?x=1',
    });
  });
  it('loads user info first, then forces the first-login change', () => {
    expect(decide({ ...base, loaded: false })).toEqual({ type: 'load' });
    expect(decide({ ...base, mustChangePassword: true })).toEqual({
      type: 'redirect',
      to: '/firstLoginChangePassword',
    });
    expect(decide({ ...base, mustChangePassword: true, pathname: '/firstLoginChangePassword' }).type).toBe(
      'allow',
    );
  });
  it('refuses routes that are not permitted with /401', () => {
    expect(decide({ ...base, pathname: '/permission/role' })).toEqual({ type: 'redirect', to: '/401' });
    expect(decide({ ...base, pathname: '/historyRecords/taskDetails/7' })).toEqual({ type: 'allow' });
    expect(decide({ ...base, pathname: '/404' })).toEqual({ type: 'allow' });
  });
  it('maps paths to tree nodes', () => {
    expect(nodeForPath('/historyRecords/taskDetails/3')?.code).toBe('taskDetails');
    expect(nodeForPath('/systemSettings/reportSending/viewRecord')?.code).toBe('viewRecord');
    expect(nodeForPath('/nope')).toBeUndefined();
  });
});
