import { CloudDownloadOutlined } from '@ant-design/icons';
import type { ExportFile } from '@sentinel/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useRealtime } from '@/shared/realtime/use-realtime.ts';
import { toast } from '@/shared/ui/feedback.ts';
import { useOpenedOnce } from '@/shared/ui/use-opened-once.ts';
import { EXPORTS_KEY, useGeneratingCount } from '../api/exports.ts';

/** The drawer and its list load when first opened: the layout that holds the button is on every page. */
const DownloadCenterDrawer = lazy(() => import('./download-center-drawer.tsx'));

/**
 * Top-bar button and drawer listing export files (SPEC §4, §9: 3 s refresh while open, page size
 * 10, first page on open). The badge counts files still generating; `export.ready` /
 * `export.failed` events of the caller refresh it at once.
 */
export function DownloadCenter() {
  const { t } = useTranslation('downloadCenter');
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);
  const generating = useGeneratingCount(true);

  useRealtime<Pick<ExportFile, 'id' | 'fileName'>>('export.ready', (file) => {
    void client.invalidateQueries({ queryKey: EXPORTS_KEY });
    toast.success(t('ready', { name: file.fileName }));
  });
  useRealtime('export.failed', () => {
    void client.invalidateQueries({ queryKey: EXPORTS_KEY });
  });

  return (
    <>
      <Tooltip title={t('title')}>
        <Badge count={generating.data ?? 0} size="small" offset={[-6, 6]} data-testid="download-center-badge">
          <Button
            type="text"
            icon={<CloudDownloadOutlined />}
            aria-label={t('title')}
            data-testid="download-center"
            onClick={() => setOpen(true)}
          />
        </Badge>
      </Tooltip>
      {mounted ? (
        <Suspense fallback={null}>
          <DownloadCenterDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
