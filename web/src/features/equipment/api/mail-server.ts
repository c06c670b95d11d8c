import {
  EQUIPMENT_API,
  type MailServerBody,
  type MailServerSettings,
  type MailTestResult,
} from '@sentinel/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from '@/shared/request/request.ts';

export const fetchMailServer = () => request<MailServerSettings>(EQUIPMENT_API.mail);

export const mailServerQueryOptions = () =>
  queryOptions({ queryKey: ['equipment', 'mail'], queryFn: fetchMailServer });

export const useMailServer = () => useQuery(mailServerQueryOptions());

export const saveMailServer = (body: MailServerBody, silent = false) =>
  action<MailServerSettings>(EQUIPMENT_API.mail, { method: 'PUT', body, silent });

export function useSaveMailServer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, silent }: { body: MailServerBody; silent?: boolean }) =>
      saveMailServer(body, silent),
    onSuccess: (envelope) => client.setQueryData(['equipment', 'mail'], envelope.data),
  });
}

/**
 * Sends a test message through the saved server. Silent: the page shows the server's answer
 * (success or the reason of the failure) itself. Allowed a little longer than the server's own
 * 10-second limit so that its answer, not a client timeout, is what the user reads.
 */
export const sendTestMail = () =>
  action<MailTestResult>(EQUIPMENT_API.mailTest, { method: 'POST', silent: true, long: true });

export const useSendTestMail = () => useMutation({ mutationFn: sendTestMail });
