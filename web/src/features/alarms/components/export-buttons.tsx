import { ExportOutlined, FileZipOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { downloadAlarmImages, useStartAlarmExport } from '@/features/download-center/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import type { AlarmFilters } from './alarm-filters.tsx';

/**
 * Export of the current filters as xlsx (background job; toast 正在生成文件，请稍等。 and the file
 * shows in the download center) and the zip of their images (or 暂时没有可下载报警图片).
 */
export function ExportButtons({ filters }: { filters: AlarmFilters }) {
  const { t } = useTranslation('alarms');
  const start = useStartAlarmExport();
  const [zipping, setZipping] = useState(false);

  const onImages = async () => {
    setZipping(true);
    try {
      await downloadAlarmImages(filters);
    } catch {
      // the download helper has shown the server's message
    } finally {
      setZipping(false);
    }
  };

  return (
    <Space wrap>
      <Button
        icon={<ExportOutlined />}
        loading={start.isPending}
        onClick={() => start.mutate(filters)}
        data-testid="alarm-export"
      >
        {t('export.button')}
      </Button>
      <Button
        icon={<FileZipOutlined />}
        loading={zipping}
        onClick={onImages}
        data-testid="alarm-export-images"
      >
        {t('export.images')}
      </Button>
    </Space>
  );
}
