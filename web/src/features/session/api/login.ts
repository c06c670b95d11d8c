import { API, type LoginBody, type LoginResponse } from '@sentinel/contract';
import { request } from '@/shared/request/request.ts';

export const login = (body: LoginBody) =>
  request<LoginResponse>(API.login, {
    method: 'POST',
    body: { ...body, username: body.username.trim() },
    long: true,
  });

export const logout = () => request<unknown>(API.logout, { method: 'POST', silent: true, noRelogin: true });
