import { CameraOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';

/** Small snapshot in the table (the media route accepts the user_token cookie). */
export function SnapshotThumb({ url, name }: { url: string | null; name: string }) {
  const { t } = useTranslation('sceneCameras');
  const [failed, setFailed] = useState(false);
  const box: React.CSSProperties = {
    width: 80,
    height: 45,
    borderRadius: 4,
    background: 'rgba(0,0,0,0.06)',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
    color: 'rgba(0,0,0,0.35)',
  };
  if (!url || failed) {
    return (
      <div style={box} title={t('noSnapshot')} role="img" aria-label={t('noSnapshot')}>
        <CameraOutlined />
      </div>
    );
  }
  return (
    <div style={box}>
      <img
        src={url}
        alt={name}
        loading="lazy"
        onError={() => setFailed(true)}
        style={{ width: '100%', height: '100%', objectFit: 'cover' }}
      />
    </div>
  );
}
