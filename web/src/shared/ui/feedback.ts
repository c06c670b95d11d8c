import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';

/**
 * Toasts and dialogs from outside React (request layer, route guard). antd's providers are not in
 * the first load (issue 17 §8), so the toasts live in a root of their own, the host set by main.tsx
 * (app/feedback-host.tsx), loaded on the first toast and kept for good: a toast outlives the page
 * that showed it, also from the console to the login page (whose route is outside the console's
 * providers). Dialogs use the console's providers when they register an instance, else the host
 * (the console's providers do not: antd's App stays off its first route). Calls made before the
 * instance they need is there are queued.
 */
type Registration = { message: MessageInstance; modal: ModalHookAPI; host: boolean };
type Need = 'toast' | 'dialog';
const registrations: Registration[] = [];
const queue: Array<{ need: Need; call: (r: Registration) => void }> = [];
let loadHost: (() => Promise<unknown>) | null = null;
let hostLoading: Promise<unknown> | null = null;

function instanceFor(need: Need): Registration | undefined {
  const host = registrations.find((r) => r.host);
  if (need === 'toast') return host;
  return registrations.findLast((r) => !r.host) ?? host;
}

/**
 * Registers antd's instances (`host`: the toasts' own root); returns the unregistration (an
 * effect's cleanup).
 */
export function registerFeedback(message: MessageInstance, modal: ModalHookAPI, host = false): () => void {
  const registration = { message, modal, host };
  registrations.push(registration);
  for (const waiting of queue.splice(0)) run(waiting.need, waiting.call);
  return () => {
    const at = registrations.indexOf(registration);
    if (at >= 0) registrations.splice(at, 1);
  };
}

/** What mounts antd's providers for the toasts (main.tsx). */
export function setFeedbackHost(load: () => Promise<unknown>) {
  loadHost = load;
}

function run(need: Need, call: (r: Registration) => void) {
  const registration = instanceFor(need);
  if (registration) return call(registration);
  queue.push({ need, call });
  if (loadHost && !hostLoading)
    hostLoading = loadHost().catch(() => {
      hostLoading = null; // Tried again by the next toast.
    });
}

export const ERROR_TOAST_SECONDS = 5;

export const toast = {
  success: (content: string, duration = 3) => run('toast', (r) => void r.message.success(content, duration)),
  error: (content: string, duration = ERROR_TOAST_SECONDS) =>
    run('toast', (r) => void r.message.error(content, duration)),
  warning: (content: string, duration = 3) => run('toast', (r) => void r.message.warning(content, duration)),
};

export function confirmDialog(options: Parameters<ModalHookAPI['confirm']>[0]) {
  run('dialog', (r) => void r.modal.confirm(options));
}
