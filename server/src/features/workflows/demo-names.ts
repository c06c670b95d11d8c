/** Names of demo rows other domains' seeds look up (the scenes seed links the hot-work flowchart). */
export const HOT_WORK_FLOW_NAME = '动火作业标准流程';

export const DEMO_WORKFLOW_TYPES = {
  hotWork: '动火作业流程',
  confinedSpace: '受限空间作业流程',
  workAtHeight: '高处作业流程',
} as const;
