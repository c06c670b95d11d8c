import type { Lang } from '@sentinel/contract';

type Label = Record<Lang, string>;
const l = (en: string, zh: string): Label => ({ en, 'zh-CN': zh });

/** Whole actions with their own wording. */
const ACTIONS: Record<string, Label> = {
  'login.success': l('Logged in', '登录成功'),
  'login.failure': l('Login failed', '登录失败'),
  'login.locked': l('Login refused: account locked', '登录被拒：账号已锁定'),
  'login.rateLimited': l('Login refused: too many attempts', '登录被拒：尝试次数过多'),
  logout: l('Logged out', '退出登录'),
  'password.change': l('Changed password', '修改密码'),
  'password.change.failure': l('Password change failed', '修改密码失败'),
  'alarm.cancel': l('Mark alarm as false positive', '标记报警为误报'),
  'camera.snapshot': l('Camera snapshot', '摄像头抓拍'),
  'export.videoAlarms': l('Export video alarms', '导出视频报警'),
  'export.alarmImages': l('Export alarm images', '导出报警图片'),
  'export.delete': l('Delete export file', '删除导出文件'),
  'role.auth': l('Change role grants', '修改角色权限'),
  'role.global': l('Set global role', '设置全局角色'),
  'account.role': l('Change account roles', '修改账号角色'),
  'account.lock': l('Lock account', '锁定账号'),
  'account.unlock': l('Unlock account', '解锁账号'),
  'account.lockStatus': l('Lock / unlock account', '锁定/解锁账号'),
  'account.resetPassword': l('Reset password', '重置密码'),
  'account.authority': l('Change scene authority', '修改场景权限'),
  'account.region': l('Change regional authority', '修改区域权限'),
  'scene.authority': l('Change scene authority', '修改场景权限'),
  'scene.batchAuthority': l('Change scene authority (batch)', '批量修改场景权限'),
};

/** What was changed (`<entity>.<verb>`). */
const ENTITIES: Record<string, Label> = {
  account: l('account', '账号'),
  role: l('role', '角色'),
  scene: l('scene', '场景'),
  jobType: l('job type', '作业类型'),
  temporaryJobType: l('temporary job type', '临时作业类型'),
  temporaryJob: l('temporary job', '临时作业'),
  engine: l('analysis engine', '分析引擎'),
  workflowType: l('workflow type', '流程类型'),
  workflow: l('workflow', '流程图'),
  plant: l('plant node', '厂区节点'),
  offlineVideo: l('offline video analysis', '离线视频分析'),
  sceneCamera: l('scene camera', '场景摄像头'),
  sceneCameraAlgorithm: l('camera algorithm', '摄像头算法'),
  detectionZone: l('detection zone', '检测区域'),
  algorithm: l('algorithm', '算法'),
  algorithmType: l('algorithm type', '算法类型'),
  analysisServer: l('analysis server', '分析服务器'),
  camera: l('camera', '摄像头'),
  cameraPlatform: l('camera platform', '摄像头平台'),
  cameraRotation: l('camera rotation', '摄像头轮巡'),
  cameraType: l('camera type', '摄像头类型'),
  virtualCamera: l('virtual camera', '虚拟摄像头'),
  dcsPoint: l('DCS point', 'DCS点位'),
  iotEquipment: l('IoT equipment', '物联网设备'),
  sensor: l('sensor', '传感器'),
  mailServer: l('mail server', '邮件服务器'),
  collieryInfo: l('unit information', '单位信息'),
  alarmRule: l('alarm rule', '报警规则'),
  alarm: l('alarm', '报警'),
  dcsAlarm: l('DCS alarm', 'DCS报警'),
  export: l('export', '导出'),
};

/** How it was changed. */
const VERBS: Record<string, Label> = {
  create: l('Create', '新增'),
  update: l('Edit', '修改'),
  delete: l('Delete', '删除'),
  enable: l('Enable', '启用'),
  disable: l('Disable', '停用'),
  bind: l('Bind', '绑定'),
  unbind: l('Unbind', '解绑'),
  move: l('Move', '移动'),
  save: l('Save', '保存'),
  sort: l('Reorder', '排序'),
  deal: l('Process', '处理'),
  cancel: l('Cancel', '取消'),
  approve: l('Approve', '审批'),
  noApprove: l('Revoke approval of', '撤销审批'),
};

const own = <T>(map: Record<string, T>, key: string | undefined): T | undefined =>
  key !== undefined && Object.hasOwn(map, key) ? map[key] : undefined;

/**
 * The readable name of an audit action (`role.update` → "Edit role" / "修改角色"), or undefined
 * for one not known here (e.g. the safety net's `PUT /api/v2/backend/scene`): shown raw.
 */
export function actionLabel(action: string, lang: Lang): string | undefined {
  const whole = own(ACTIONS, action);
  if (whole) return whole[lang];
  const parts = action.split('.');
  if (parts.length !== 2) return undefined;
  const entity = own(ENTITIES, parts[0]);
  const verb = own(VERBS, parts[1]);
  if (!entity || !verb) return undefined;
  return lang === 'zh-CN' ? `${verb[lang]}${entity[lang]}` : `${verb[lang]} ${entity[lang]}`;
}

/** The label, or the action itself. */
export const actionText = (action: string, lang: Lang): string => actionLabel(action, lang) ?? action;
