import {
  type PlantTreeNode,
  SCENE_KIND_PERMISSION,
  type SceneKind,
  type TemporaryJobItem,
} from '@sentinel/contract';

/** Route name (button codes) of the page that manages each scene kind. */
export const routeNameOf = (kind: SceneKind) => SCENE_KIND_PERMISSION[kind];

export interface AreaOption {
  value: number;
  title: string;
  children: AreaOption[];
}

/** Plant tree → antd TreeSelect data. */
export function areaOptions(nodes: PlantTreeNode[] | undefined): AreaOption[] {
  return (nodes ?? []).map((node) => ({
    value: node.id,
    title: node.name,
    children: areaOptions(node.children),
  }));
}

export type JobState = 'notStarted' | 'running' | 'ended';

/** Where a temporary job stands now (by its start and end time). */
export function jobState(job: Pick<TemporaryJobItem, 'startTime' | 'endTime'>, now = Date.now()): JobState {
  const start = job.startTime ? Date.parse(job.startTime) : Number.NaN;
  const end = job.endTime ? Date.parse(job.endTime) : Number.NaN;
  if (!Number.isNaN(start) && now < start) return 'notStarted';
  if (!Number.isNaN(end) && now >= end) return 'ended';
  return 'running';
}
