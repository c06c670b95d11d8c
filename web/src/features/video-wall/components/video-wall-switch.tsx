import { AppstoreOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useVideoWallStore } from '@/shared/stores/video-wall-store.ts';

/** Navbar button: turns the video-visible flag off, so the wall replaces the layout (SPEC §2). */
export function VideoWallSwitch() {
  const { t } = useTranslation('videoWall');
  const openWall = useVideoWallStore((s) => s.openWall);
  return (
    <Tooltip title={t('open')}>
      <Button
        type="text"
        icon={<AppstoreOutlined />}
        onClick={openWall}
        aria-label={t('open')}
        data-testid="video-wall-open"
      />
    </Tooltip>
  );
}
