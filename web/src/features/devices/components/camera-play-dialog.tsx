import type { CameraRow } from '@sentinel/contract';
import { Modal } from 'antd';
import { useRef } from 'react';
import { VideoPlayer } from '@/shared/ui/video-player/index.ts';

/**
 * The live picture of one camera. Closing the dialog unmounts the player at once (which releases
 * its decoder and socket); the title stays during the closing animation.
 */
export function CameraPlayDialog({ camera, onClose }: { camera: CameraRow | null; onClose: () => void }) {
  const lastShown = useRef<CameraRow | null>(camera);
  if (camera) lastShown.current = camera;
  return (
    <Modal
      open={camera !== null}
      title={lastShown.current?.name}
      footer={null}
      width={880}
      destroyOnHidden
      onCancel={onClose}
    >
      <div data-testid="camera-play-dialog">{camera ? <VideoPlayer source={camera.id} /> : null}</div>
    </Modal>
  );
}
