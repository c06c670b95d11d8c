import { createRoot } from 'react-dom/client';
import { Providers } from './providers.tsx';

/**
 * antd's providers for the toasts (and the dialogs of a page without the console's providers),
 * in a root of their own that stays: loaded by shared/ui/feedback.ts on the first toast (issue 17
 * §8: antd is not in the first load), so a toast outlives the route that showed it.
 */
const host = document.createElement('div');
host.dataset.feedbackHost = '';
document.body.append(host);
createRoot(host).render(<Providers feedbackHost>{null}</Providers>);
