import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';

/**
 * Toasts and dialogs from outside React (request layer, route guard). The App component hands
 * over antd's context-aware instances; calls made before that are queued.
 */
let messageApi: MessageInstance | null = null;
let modalApi: ModalHookAPI | null = null;
const queue: Array<() => void> = [];

export function registerFeedback(message: MessageInstance, modal: ModalHookAPI) {
  messageApi = message;
  modalApi = modal;
  for (const call of queue.splice(0)) call();
}

function run(call: () => void) {
  if (messageApi && modalApi) call();
  else queue.push(call);
}

export const ERROR_TOAST_SECONDS = 5;

export const toast = {
  success: (content: string, duration = 3) => run(() => void messageApi?.success(content, duration)),
  error: (content: string, duration = ERROR_TOAST_SECONDS) =>
    run(() => void messageApi?.error(content, duration)),
  warning: (content: string, duration = 3) => run(() => void messageApi?.warning(content, duration)),
};

export function confirmDialog(options: Parameters<ModalHookAPI['confirm']>[0]) {
  run(() => void modalApi?.confirm(options));
}
