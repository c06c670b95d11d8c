import { z } from 'zod';
import { idNumber, optionalText, phone, requiredText } from './validators.ts';

/**
 * The plant tree (SPEC §3): factories (roots), plants under a factory, areas under a plant or
 * another area. Cameras, scenes and equipment are placed in its nodes.
 */
export const PLANT_KINDS = ['factory', 'plant', 'area'] as const;
export const plantKind = z.enum(PLANT_KINDS);
export type PlantKind = z.infer<typeof plantKind>;

/** Which kinds a node of each kind may be placed under (null: root). */
export const PLANT_PARENT_KINDS: Record<PlantKind, readonly PlantKind[]> = {
  factory: [],
  plant: ['factory'],
  area: ['plant', 'area'],
};

export const plantNode = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  kind: plantKind,
  name: z.string(),
  code: z.string(),
  description: z.string(),
  sort: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PlantNode = z.infer<typeof plantNode>;

export interface PlantTreeNode extends PlantNode {
  children: PlantTreeNode[];
}
export const plantTreeNode: z.ZodType<PlantTreeNode> = plantNode.extend({
  get children() {
    return z.array(plantTreeNode);
  },
});

/** Flat list row for pickers: `path` is the names from the root ('东区煤化工厂 / 焦化车间 / 1号炉区'). */
export const plantFlatNode = plantNode.extend({
  path: z.string(),
  depth: z.number(),
});
export type PlantFlatNode = z.infer<typeof plantFlatNode>;

export const plantNodesQuery = z.object({ kind: plantKind.optional() });

/** Detail pane: the node, its ancestors' path and what depends on it. */
export const plantNodeDetail = plantFlatNode.extend({
  childCount: z.number(),
  cameraCount: z.number(),
  sceneCount: z.number(),
});
export type PlantNodeDetail = z.infer<typeof plantNodeDetail>;

const nodeName = requiredText(50, 'node.nameRequired');
const nodeFields = {
  name: nodeName,
  code: optionalText(50),
  description: optionalText(500),
  sort: z.coerce.number().int().min(0).max(100_000).default(0),
};

export const createPlantNodeBody = z.object({
  kind: plantKind,
  /** Required for plants and areas ('node.parentRequired'); factories are roots. */
  parentId: idNumber().nullable().optional(),
  ...nodeFields,
});
export type CreatePlantNodeBody = z.input<typeof createPlantNodeBody>;

export const updatePlantNodeBody = z.object(nodeFields);
export type UpdatePlantNodeBody = z.input<typeof updatePlantNodeBody>;

export const movePlantNodeBody = z.object({
  parentId: idNumber('node.parentRequired'),
});
export type MovePlantNodeBody = z.input<typeof movePlantNodeBody>;

/** Colliery (unit) information and the application logo (SPEC §2 /systemSettings/collieryInfo). */
export const collieryInfo = z.object({
  unitName: z.string(),
  shortName: z.string(),
  address: z.string(),
  phone: z.string(),
  /** Stored media path of the logo ('' when the built-in logo is used). */
  logoPath: z.string(),
  /** Where the logo is shown (public, also on the login page); '' for the built-in logo. */
  logoUrl: z.string(),
});
export type CollieryInfo = z.infer<typeof collieryInfo>;

export const saveCollieryInfoBody = z.object({
  unitName: requiredText(100),
  shortName: optionalText(50),
  address: optionalText(200),
  phone: z.union([z.literal(''), phone]).default(''),
  /** A path answered by the media upload (kind 'logo'), or '' for the built-in logo. */
  logoPath: z.string().trim().max(200).default(''),
});
export type SaveCollieryInfoBody = z.input<typeof saveCollieryInfoBody>;

export const PLANT_API = {
  tree: '/api/v2/backend/plant/tree',
  nodes: '/api/v2/backend/plant/nodes',
  create: '/api/v2/backend/plant/node',
  node: (id: number) => `/api/v2/backend/plant/node/${id}`,
  move: (id: number) => `/api/v2/backend/plant/node/${id}/move`,
  collieryInfo: '/api/v2/backend/collieryInfo',
  collieryLogo: '/api/v2/backend/collieryInfo/logo',
} as const;
