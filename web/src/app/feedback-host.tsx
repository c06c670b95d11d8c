import { App as AntApp } from 'antd';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { registerFeedback } from '../shared/ui/feedback.ts';
import { Providers } from './providers.tsx';

/** Registers antd's message and modal instances of this root (shared/ui/feedback.ts). */
function FeedbackBridge() {
  const { message, modal } = AntApp.useApp();
  useEffect(() => registerFeedback(message, modal, true), [message, modal]);
  return null;
}

/**
 * antd's providers for the toasts (and the dialogs of a page without the console's providers),
 * in a root of their own that stays: loaded by shared/ui/feedback.ts on the first toast (issue 17
 * §8: antd is not in the first load), so a toast outlives the route that showed it.
 */
const host = document.createElement('div');
host.dataset.feedbackHost = '';
document.body.append(host);
createRoot(host).render(
  <Providers>
    <AntApp message={{ maxCount: 3, top: 56 }}>
      <FeedbackBridge />
    </AntApp>
  </Providers>,
);
