import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useErrorLogStore } from '@/shared/stores/error-log-store.ts';
import { useUserStore } from '@/shared/stores/user-store.ts';
import { useOpenedOnce } from '@/shared/ui/use-opened-once.ts';

/** The list and its table load when first opened: the layout is on every page. */
const ErrorLogDialog = lazy(() => import('./error-log-dialog.tsx'));

/**
 * The error log in the top bar (SPEC §8, store module errorLog): shown to administrators once the
 * browser met an error — a bug icon with the count, opening the list (time, page, message; the
 * stack, source and browser on expanding a row). The errors also went to the server's log.
 */
export function ErrorLogButton() {
  const { t } = useTranslation('layout');
  const entries = useErrorLogStore((s) => s.entries);
  const isAdmin = useUserStore((s) => s.roles.includes('admin'));
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);
  if (!isAdmin || entries.length === 0) return null;

  return (
    <>
      <Tooltip title={t('errorLog.title')}>
        <Badge count={entries.length} size="small" offset={[-4, 4]}>
          <Button
            type="text"
            icon={<BugOutlined />}
            aria-label={t('errorLog.title')}
            data-testid="error-log-open"
            onClick={() => setOpen(true)}
          />
        </Badge>
      </Tooltip>
      {mounted ? (
        <Suspense fallback={null}>
          <ErrorLogDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
