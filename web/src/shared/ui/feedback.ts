import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';

/**
 * Toasts and dialogs from outside React (request layer, route guard). antd's App components hand
 * over their context-aware instances (the last one mounted is used); calls made while none is
 * mounted are queued. A page without antd's providers (the login page, issue 17 §8) gets them on
 * its first toast: the host set by main.tsx (app/feedback-host.tsx) loads and mounts them.
 */
type Registration = { message: MessageInstance; modal: ModalHookAPI };
const registrations: Registration[] = [];
const queue: Array<() => void> = [];
let loadHost: (() => Promise<unknown>) | null = null;
let hostLoading: Promise<unknown> | null = null;

/** Registers antd's instances; returns the unregistration (an effect's cleanup). */
export function registerFeedback(message: MessageInstance, modal: ModalHookAPI): () => void {
  const registration = { message, modal };
  registrations.push(registration);
  for (const call of queue.splice(0)) call();
  return () => {
    const at = registrations.indexOf(registration);
    if (at >= 0) registrations.splice(at, 1);
  };
}

/** What mounts antd's providers for the toasts when no page has (main.tsx). */
export function setFeedbackHost(load: () => Promise<unknown>) {
  loadHost = load;
}

const current = (): Registration | undefined => registrations[registrations.length - 1];

function run(call: () => void) {
  if (current()) return call();
  queue.push(call);
  if (loadHost && !hostLoading)
    hostLoading = loadHost().catch(() => {
      hostLoading = null; // Tried again by the next toast.
    });
}

export const ERROR_TOAST_SECONDS = 5;

export const toast = {
  success: (content: string, duration = 3) => run(() => void current()?.message.success(content, duration)),
  error: (content: string, duration = ERROR_TOAST_SECONDS) =>
    run(() => void current()?.message.error(content, duration)),
  warning: (content: string, duration = 3) => run(() => void current()?.message.warning(content, duration)),
};

export function confirmDialog(options: Parameters<ModalHookAPI['confirm']>[0]) {
  run(() => void current()?.modal.confirm(options));
}
