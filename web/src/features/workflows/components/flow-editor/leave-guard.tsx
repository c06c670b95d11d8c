import { Modal } from 'antd';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from '@/shared/i18n/i18n.ts';

/** Asks before leaving the editor (in the app or closing the tab) while there are unsaved changes. */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation('workflows');
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return (
    <Modal
      open={blocker.state === 'blocked'}
      title={t('editor.leaveTitle')}
      okText={t('editor.leave')}
      cancelText={t('editor.stay')}
      okButtonProps={{ danger: true }}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {t('editor.leaveContent')}
    </Modal>
  );
}
