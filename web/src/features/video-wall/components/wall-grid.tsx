import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { VideoPlayer } from '@/shared/ui/video-player/index.ts';
import { type GridSize, gridLayout } from '../lib/grid.ts';
import type { WallSlot } from '../lib/wall-slots.ts';

interface WallGridProps {
  gridSize: GridSize;
  slots: WallSlot[];
  selected: number | null;
  nameOf: (cameraId: number) => string;
  onSelect: (index: number) => void;
}

function WallCell({
  index,
  slot,
  selected,
  name,
  onSelect,
}: {
  index: number;
  slot: WallSlot;
  selected: boolean;
  name: string;
  onSelect: (index: number) => void;
}) {
  const { t } = useTranslation('videoWall');
  const ref = useRef<HTMLDivElement>(null);
  // Cells play the camera's sub stream; the cell shown full screen its main stream (issue 17 §6).
  const [isFullScreen, setFullScreen] = useState(false);
  useEffect(() => {
    const onChange = () => setFullScreen(ref.current !== null && document.fullscreenElement === ref.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const fullScreen = () => {
    // Escape leaves full screen (the browser's own rule, and the cell's key handler below).
    ref.current?.requestFullscreen?.().catch(() => undefined);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a cell holds a video player, which a <button> may not contain
    <div
      ref={ref}
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      aria-label={t('cell', { index: index + 1 })}
      title={t('cellHint')}
      className={selected ? 'video-wall-cell selected' : 'video-wall-cell'}
      data-testid="wall-cell"
      data-index={index}
      data-camera-id={slot.src === '' ? undefined : slot.src}
      data-full-screen={isFullScreen ? 'true' : undefined}
      onClick={() => onSelect(index)}
      onDoubleClick={fullScreen}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && document.fullscreenElement === e.currentTarget) {
          document.exitFullscreen().catch(() => undefined);
          return;
        }
        if (e.target !== e.currentTarget) return;
        if (e.key === ' ') {
          e.preventDefault();
          onSelect(index);
        } else if (e.key === 'Enter') fullScreen();
      }}
    >
      {slot.src === '' ? (
        <div className="video-wall-empty" data-testid="wall-cell-empty">
          <span>{t('emptyCell')}</span>
          <small>{t('emptyHint')}</small>
        </div>
      ) : (
        <>
          <div className="video-wall-cell-name" data-testid="wall-cell-name">
            {name}
          </div>
          <div className="video-wall-cell-player">
            <VideoPlayer
              source={slot.src}
              stream={isFullScreen ? 'main' : 'sub'}
              fit="fill"
              notifyNotFound={false}
            />
          </div>
        </>
      )}
    </div>
  );
}

/** The visible cells only: slots beyond the grid keep their camera but mount no player. */
export function WallGrid({ gridSize, slots, selected, nameOf, onSelect }: WallGridProps) {
  const { columns, rows } = gridLayout(gridSize);
  return (
    <div
      className="video-wall-grid"
      data-testid="wall-grid"
      data-size={gridSize}
      style={{ gridTemplateColumns: `repeat(${columns}, 1fr)`, gridTemplateRows: `repeat(${rows}, 1fr)` }}
    >
      {slots.slice(0, gridSize).map((slot, index) => (
        <WallCell
          // biome-ignore lint/suspicious/noArrayIndexKey: slots are fixed positions (never reordered); a new camera in a slot mounts a fresh player
          key={`${index}-${slot.src}`}
          index={index}
          slot={slot}
          selected={selected === index}
          name={slot.src === '' ? '' : nameOf(slot.src)}
          onSelect={onSelect}
        />
      ))}
    </div>
  );
}
