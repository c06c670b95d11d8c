import type { Lang } from '@sentinel/contract';

type Label = Record<Lang, string>;

/**
 * Readable names of button actions (the part of a code after `:`, e.g. `cameraSet:add` → add),
 * in both languages. A code whose action is not listed shows the code itself.
 */
export const ACTION_LABELS: Record<string, Label> = {
  add: { en: 'Add', 'zh-CN': '新增' },
  edit: { en: 'Edit', 'zh-CN': '编辑' },
  delete: { en: 'Delete', 'zh-CN': '删除' },
  export: { en: 'Export', 'zh-CN': '导出' },
  deal: { en: 'Process', 'zh-CN': '处理' },
  cancel: { en: 'Mark false positive', 'zh-CN': '标记误报' },
  approve: { en: 'Approve', 'zh-CN': '审批' },
  noApprove: { en: 'Revoke approval', 'zh-CN': '取消审批' },
  lock: { en: 'Lock / unlock', 'zh-CN': '锁定/解锁' },
  role: { en: 'Assign role', 'zh-CN': '分配角色' },
  resetPassword: { en: 'Reset password', 'zh-CN': '重置密码' },
  authority: { en: 'Scene authority', 'zh-CN': '场景权限' },
  auth: { en: 'Authorise', 'zh-CN': '授权' },
  snapshot: { en: 'Snapshot', 'zh-CN': '抓拍' },
  bind: { en: 'Bind', 'zh-CN': '绑定' },
  unbind: { en: 'Unbind', 'zh-CN': '解绑' },
  enable: { en: 'Enable / disable', 'zh-CN': '启用/停用' },
  zone: { en: 'Detection zone', 'zh-CN': '检测区域' },
  move: { en: 'Move', 'zh-CN': '移动' },
  save: { en: 'Save', 'zh-CN': '保存' },
  test: { en: 'Test', 'zh-CN': '测试' },
  view: { en: 'View', 'zh-CN': '查看' },
  import: { en: 'Import', 'zh-CN': '导入' },
  download: { en: 'Download', 'zh-CN': '下载' },
  instance: { en: 'Create instance', 'zh-CN': '创建实例' },
  redeliver: { en: 'Redeliver', 'zh-CN': '重新投递' },
};

/** The action of a button code (`page:action` → action; a code without `:` is its own action). */
export function actionOf(code: string): string {
  const at = code.lastIndexOf(':');
  return at === -1 ? code : code.slice(at + 1);
}

/** The readable name of a button code, falling back to the code. */
export function buttonLabel(code: string, lang: Lang, action: string = actionOf(code)): string {
  return (Object.hasOwn(ACTION_LABELS, action) ? ACTION_LABELS[action]?.[lang] : undefined) ?? code;
}
