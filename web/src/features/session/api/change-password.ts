import { API, type ChangePasswordBody } from '@sentinel/contract';
import { useMutation } from '@tanstack/react-query';
import { action } from '@/shared/request/request.ts';

export const changePassword = (body: ChangePasswordBody) =>
  action<unknown>(API.changePassword, { method: 'PUT', body });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
