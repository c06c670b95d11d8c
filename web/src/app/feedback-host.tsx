import { createRoot } from 'react-dom/client';
import { Providers } from './providers.tsx';

/**
 * antd's providers for the toasts and dialogs of a page shown without them (the login page: a
 * wrong captcha, a language switch). Loaded by shared/ui/feedback.ts on the first toast, mounted
 * once in a root of its own; the console's providers, once mounted, take over.
 */
const host = document.createElement('div');
host.dataset.feedbackHost = '';
document.body.append(host);
createRoot(host).render(<Providers>{null}</Providers>);
