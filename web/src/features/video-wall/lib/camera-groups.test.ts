import type { VideoWallCamera } from '@sentinel/contract';
import { describe, expect, it } from 'vitest';
import { camerasOfScene, groupByPlantAndArea, matchesKeyword } from './camera-groups.ts';

const cam = (id: number, over: Partial<VideoWallCamera> = {}): VideoWallCamera => ({
  id,
  name: `Cam ${id}`,
  code: `C-${id}`,
  online: true,
  areaId: 1,
  areaName: 'Belt',
  factoryName: 'Mine',
  plantName: 'Plant 1',
  sceneIds: [1],
  ...over,
});

describe('video wall camera list', () => {
  it('keeps the cameras of a scene, or all of them for scene 0', () => {
    const list = [cam(1), cam(2, { sceneIds: [2] }), cam(3, { sceneIds: [] })];
    expect(camerasOfScene(list, 1).map((c) => c.id)).toEqual([1]);
    expect(camerasOfScene(list, 0).map((c) => c.id)).toEqual([1, 2, 3]);
  });

  it('searches name and code, ignoring case', () => {
    expect(matchesKeyword(cam(1, { name: 'Gate North' }), 'north')).toBe(true);
    expect(matchesKeyword(cam(1, { code: 'GATE-7' }), 'gate-7')).toBe(true);
    expect(matchesKeyword(cam(1), 'zzz')).toBe(false);
    expect(matchesKeyword(cam(1), '  ')).toBe(true);
  });

  it('groups by factory › plant, then by area', () => {
    const groups = groupByPlantAndArea([
      cam(1),
      cam(2, { areaId: 2, areaName: 'Gate' }),
      cam(3),
      cam(4, { plantName: '', areaId: 3, areaName: 'Yard' }),
    ]);
    expect(groups.map((g) => g.path)).toEqual([['Mine', 'Plant 1'], ['Mine']]);
    expect(groups[0]?.areas.map((a) => [a.areaName, a.cameras.map((c) => c.id)])).toEqual([
      ['Belt', [1, 3]],
      ['Gate', [2]],
    ]);
  });
});
