import type { RotationRow } from '@sentinel/contract';
import { useEffect, useMemo, useState } from 'react';
import { MIN_TOUR_SECONDS, tourSlots } from './lib/tour.ts';
import type { WallSlot } from './lib/wall-slots.ts';

/**
 * A rotation group touring the wall: while running, the visible cells show the group's cameras
 * (only those the caller may watch), a page further every `intervalSeconds`. The saved wall is
 * left alone and comes back when the tour stops.
 */
export function useTour(group: RotationRow | undefined, visibleIds: ReadonlySet<number>, gridSize: number) {
  const [running, setRunning] = useState(false);
  const [step, setStep] = useState(0);
  const cameraIds = useMemo(
    () => (group?.cameras ?? []).map((c) => c.id).filter((id) => visibleIds.has(id)),
    [group, visibleIds],
  );
  const active = running && group !== undefined;
  const seconds = Math.max(MIN_TOUR_SECONDS, group?.intervalSeconds ?? MIN_TOUR_SECONDS);

  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setStep((s) => s + 1), seconds * 1000);
    return () => window.clearInterval(timer);
  }, [active, seconds]);

  const slots: WallSlot[] | null = active ? tourSlots(cameraIds, gridSize, step) : null;
  return {
    running: active,
    slots,
    start: () => {
      setStep(0);
      setRunning(true);
    },
    stop: () => setRunning(false),
  };
}
