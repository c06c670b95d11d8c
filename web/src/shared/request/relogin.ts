import { i18n } from '../i18n/i18n.ts';
import { logoutLocally } from '../session.ts';
import { confirmDialog } from '../ui/feedback.ts';
import { currentPathWithQuery, navigateTo } from '../utils/navigation.ts';
import { loginUrl } from '../utils/safe-redirect.ts';

let open = false;

/** The single "Confirm logout" dialog of SPEC §8; never stacked. */
export function showRelogin() {
  if (open) return;
  open = true;
  const redirectTo = currentPathWithQuery();
  confirmDialog({
    title: i18n.t('relogin.title'),
    content: i18n.t('relogin.content'),
    okText: i18n.t('relogin.ok'),
    cancelText: i18n.t('cancel'),
    okButtonProps: { 'data-testid': 'relogin-ok' } as Record<string, string>,
    onOk: () => {
      open = false;
      logoutLocally();
      navigateTo(loginUrl(redirectTo), { replace: true });
    },
    onCancel: () => {
      open = false;
    },
  });
}

export function isReloginOpen() {
  return open;
}
