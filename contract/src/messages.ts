/**
 * Message codes shared by server and web. Zod schemas carry these codes as their error
 * messages; the server translates them into the caller's language, the web into the UI language.
 * The Chinese texts are the SPEC's own wording (SPEC §5, §8).
 */
import { ACCOUNT_SETTINGS_MESSAGES } from './account-settings.ts';
import { ALARM_SETTINGS_MESSAGES } from './alarm-settings.ts';
import { DICTIONARY_MESSAGES } from './dictionary.ts';
import { DUTY_ROSTER_MESSAGES } from './duty-roster.ts';
import { KNOWLEDGE_BASE_MESSAGES } from './knowledge-base.ts';
import { LICENCE_MESSAGES } from './licence.ts';
import { AI_PLATFORM_MESSAGES } from './messages-ai.ts';
import { OUTBOUND_MESSAGES } from './outbound.ts';
import { PLAN_TASK_MESSAGES } from './plan-tasks.ts';
import { REPORT_SENDING_MESSAGES } from './report-sending.ts';
import { SCOPE_MESSAGES } from './scope.ts';
import { SELF_CHECK_CAMERA_HEALTH_MESSAGES } from './self-check-camera-health.ts';
import { SELF_CHECK_IMAGE_CHECKS_MESSAGES } from './self-check-image-checks.ts';
import { SELF_CHECK_PROTOCOL_MESSAGES } from './self-check-protocol.ts';
import { SELF_CHECK_QUEUES_MESSAGES } from './self-check-queues.ts';
import { SELF_CHECK_RUN_EVIDENCE_MESSAGES } from './self-check-run-evidence.ts';
import { SELF_CHECK_RUN_REPORTS_MESSAGES } from './self-check-run-reports.ts';
import { SELF_CHECK_SYSTEM_STATUS_MESSAGES } from './self-check-system-status.ts';
import { SQL_QUERY_MESSAGES } from './sql-query.ts';

export const MESSAGES = {
  // The AI open platform's messages (issue 13) live beside: messages-ai.ts.
  ...AI_PLATFORM_MESSAGES,
  // Self-check (issue 14): one file per area, self-check-*.ts.
  ...SELF_CHECK_PROTOCOL_MESSAGES,
  ...SELF_CHECK_CAMERA_HEALTH_MESSAGES,
  ...SELF_CHECK_IMAGE_CHECKS_MESSAGES,
  ...SELF_CHECK_QUEUES_MESSAGES,
  ...SELF_CHECK_SYSTEM_STATUS_MESSAGES,
  ...SELF_CHECK_RUN_REPORTS_MESSAGES,
  ...SELF_CHECK_RUN_EVIDENCE_MESSAGES,
  ...ACCOUNT_SETTINGS_MESSAGES,
  ...LICENCE_MESSAGES,
  ...DUTY_ROSTER_MESSAGES,
  // System settings and knowledge base (issue 15).
  ...KNOWLEDGE_BASE_MESSAGES,
  ...PLAN_TASK_MESSAGES,
  ...SQL_QUERY_MESSAGES,
  ...SCOPE_MESSAGES,
  ...DICTIONARY_MESSAGES,
  // Alarm settings and templates (issue 16 §3).
  ...ALARM_SETTINGS_MESSAGES,
  ...OUTBOUND_MESSAGES,
  ...REPORT_SENDING_MESSAGES,
  'field.required': { en: 'This cannot be empty', 'zh-CN': '此项不能为空!' },
  'field.invalid': { en: 'Invalid value', 'zh-CN': '输入值无效' },
  'field.tooLong': { en: 'Too long', 'zh-CN': '输入过长' },
  'field.badCharacters': {
    en: 'Contains characters that cannot be stored (a NUL byte or broken Unicode)',
    'zh-CN': '包含无法保存的字符（空字符或损坏的Unicode编码）',
  },
  'error.badMultipart': {
    en: 'The uploaded form is incomplete or damaged',
    'zh-CN': '上传的表单不完整或已损坏',
  },
  'password.required': { en: 'Please enter the password', 'zh-CN': '请填写密码' },
  'password.rule': {
    en: 'The password must combine at least three of uppercase letters, lowercase letters, digits and symbols, and be at least 15 characters!',
    'zh-CN': '密码必须包含大写字母、小写字母、数字、符号任意三种组合，不少于15位!',
  },
  'password.tooLong': { en: 'The password can be at most 30 characters', 'zh-CN': '密码不能超过30位' },
  'password.mismatch': { en: 'The two passwords do not match', 'zh-CN': '两次输入的密码不一致' },
  'password.sameAsOld': {
    en: 'The new password must differ from the current one',
    'zh-CN': '新密码不能与当前密码相同',
  },
  'password.wrongOld': { en: 'The current password is incorrect', 'zh-CN': '当前密码不正确' },
  'password.changed': { en: 'Password changed, please log in again.', 'zh-CN': '修改成功,请重新登录。' },
  'login.usernameRequired': { en: 'Please enter the account name', 'zh-CN': '请输入账号' },
  'login.captchaRequired': { en: 'please enter verification code', 'zh-CN': '请输入验证码' },
  'login.captchaWrong': { en: 'incorrect verification code', 'zh-CN': '验证码不正确' },
  'login.badCredentials': { en: 'Incorrect account name or password', 'zh-CN': '账号或密码错误' },
  'login.locked': {
    en: 'This account is locked. Please contact your administrator.',
    'zh-CN': '该账号已被锁定，请联系管理员',
  },
  'login.rateLimited': {
    en: 'Too many login attempts. Please wait a few minutes and try again.',
    'zh-CN': '登录尝试次数过多，请稍后再试',
  },
  'auth.pleaseLogin': { en: 'please log in', 'zh-CN': '请登录' },
  'auth.expired': {
    en: 'Login information has expired, please log in again!',
    'zh-CN': '登录信息已过期，请重新登录！',
  },
  'auth.forbidden': { en: 'You do not have permission for this action', 'zh-CN': '没有权限执行此操作' },
  'auth.mustChangePassword': {
    en: 'Please change your initial password first',
    'zh-CN': '请先修改初始密码',
  },
  'user.verifyFailed': { en: 'Verification failed, please log in again!', 'zh-CN': '验证失败，请重新登陆！' },
  'user.rolesEmpty': { en: 'getInfo: roles must be a non-null array!', 'zh-CN': '用户角色必须是非空数组！' },
  'error.notFound': { en: 'Not found', 'zh-CN': '未找到' },
  'error.conflict': { en: 'Conflict', 'zh-CN': '冲突' },
  'error.tooLarge': { en: 'Too large', 'zh-CN': '内容过大' },
  'error.rateLimited': { en: 'Too many requests', 'zh-CN': '请求过于频繁' },
  'instance.ingestOnly': {
    en: 'This instance serves the engine ingest API only (ROLE=ingest): send this request to a web instance',
    'zh-CN': '此实例仅提供引擎接入接口（ROLE=ingest），请将此请求发送到 Web 实例',
  },
  'instance.webOnly': {
    en: 'This instance does not serve the engine ingest API (ROLE=web): send engine calls to an ingest instance',
    'zh-CN': '此实例不提供引擎接入接口（ROLE=web），请将引擎请求发送到接入实例',
  },
  'error.internal': { en: 'Internal server error', 'zh-CN': '服务器内部错误' },
  'error.badRequest': { en: 'Invalid request', 'zh-CN': '请求参数错误' },
  'common.ok': { en: 'OK', 'zh-CN': '成功' },
  'common.deleted': { en: 'Deleted successfully!', 'zh-CN': '删除成功！' },
  'common.saved': { en: 'Saved successfully', 'zh-CN': '保存成功' },
  'common.confirmDelete': { en: 'Are you sure you want to delete?', 'zh-CN': '是否确定删除？' },
  'common.duplicate': { en: 'Do not add repeatedly', 'zh-CN': '请勿重复添加' },
  'common.inUse': {
    en: 'It is still in use and cannot be deleted',
    'zh-CN': '仍在使用中，无法删除',
  },
  'common.enabled': { en: 'Enabled', 'zh-CN': '已启用' },
  'common.disabled': { en: 'Disabled', 'zh-CN': '已停用' },
  'field.ip': { en: 'Please enter the correct IP address', 'zh-CN': '请输入正确的IP地址' },
  'field.port': { en: 'Please enter the correct Port', 'zh-CN': '请输入正确的端口' },
  'field.phone': { en: 'Please enter the correct telephone number', 'zh-CN': '请输入正确的手机号码' },
  'field.email': { en: 'Please enter the correct email address', 'zh-CN': '请输入正确的邮箱地址' },
  'field.positiveInt': { en: 'Please enter a positive integer', 'zh-CN': '请输入正整数' },
  'field.accountNotChinese': { en: 'Account name cannot be in Chinese', 'zh-CN': '账号不能为中文' },
  'field.longitude': { en: 'Longitude must be between -180 and 180', 'zh-CN': '经度必须在-180到180之间' },
  'field.latitude': { en: 'Latitude must be between -90 and 90', 'zh-CN': '纬度必须在-90到90之间' },
  'node.nameRequired': { en: 'The node name cannot be empty', 'zh-CN': '节点名称不能为空' },
  'node.parentRequired': { en: 'The parent node cannot be empty', 'zh-CN': '上级节点不能为空' },
  'node.hasDependents': {
    en: 'This node still has child nodes, cameras or scenes and cannot be deleted',
    'zh-CN': '该节点下仍有子节点、摄像机或场景，无法删除',
  },
  'node.cycle': { en: 'A node cannot be moved under itself', 'zh-CN': '节点不能移动到自身之下' },
  'scene.nameRequired': { en: 'The scene name cannot be empty', 'zh-CN': '场景名称不能为空' },
  'scene.areaRequired': { en: 'The area cannot be empty', 'zh-CN': '所属区域不能为空' },
  'scene.jobTypeRequired': { en: 'The job type cannot be empty', 'zh-CN': '作业类型不能为空' },
  'time.rangeRequired': {
    en: 'Please choose the start and end time!',
    'zh-CN': '请选择开始时间和截止时间!',
  },
  'time.endBeforeStart': {
    en: 'The end time cannot be before the start time',
    'zh-CN': '截止时间不能早于开始时间',
  },
  'time.rangeTooLong': { en: 'The range can be at most 366 days', 'zh-CN': '时间范围不能超过366天' },
  'analysis.unknownScene': { en: 'The scene does not exist', 'zh-CN': '场景不存在' },
  'algorithm.oneLevel': {
    en: 'Only one level can be selected for the same algorithm',
    'zh-CN': '同一算法只能选择一个等级',
  },
  'algorithm.oncePerCamera': {
    en: 'The same algorithm can be controlled only once per camera',
    'zh-CN': '同一摄像机同一算法只能布控一次',
  },
  'algorithm.duplicate': { en: 'Do not add the same algorithm', 'zh-CN': '请勿添加相同算法' },
  'algorithm.selectFirst': { en: 'Please select an algorithm first!', 'zh-CN': '请先选择算法！' },
  'event.duplicateName': { en: 'Duplicate event name', 'zh-CN': '事件名称重复' },
  'cameraType.duplicate': {
    en: 'This camera brand, model and type combination already exists',
    'zh-CN': '摄像机品牌、型号和类型组合不能重复',
  },
  'camera.notFound': { en: 'Camera not found!', 'zh-CN': '未找到摄像头！' },
  'camera.selectToDelete': {
    en: 'Please select the cameras to remove!',
    'zh-CN': '请选择需要删除的摄像头!',
  },
  'camera.confirmDelete': { en: 'Remove the selected cameras?', 'zh-CN': '确认删除选中摄像头?' },
  'camera.noVideo': { en: 'This camera has no video yet!', 'zh-CN': '此相机下暂无视频!' },
  'video.streamTokenInvalid': {
    en: 'The video address has expired, please open the video again',
    'zh-CN': '视频地址已失效，请重新打开视频',
  },
  'camera.disabled': {
    en: 'This camera is disabled and cannot be played',
    'zh-CN': '该摄像头已停用，无法播放',
  },
  'account.nameTaken': { en: 'This account name is already in use', 'zh-CN': '该账号已存在' },
  'account.nameInvalid': {
    en: 'Account names use letters, digits, dot, dash or underscore (2–30 characters)',
    'zh-CN': '账号只能包含字母、数字、点、横线或下划线（2-30位）',
  },
  'account.roleRequired': { en: 'Please select a role', 'zh-CN': '请选择角色' },
  'account.notFound': { en: 'The account does not exist', 'zh-CN': '账号不存在' },
  'account.lastAdmin': {
    en: 'The last administrator cannot be removed, locked or lose the admin role',
    'zh-CN': '不能删除、锁定最后一个管理员或取消其管理员角色',
  },
  'account.selfAdmin': {
    en: 'You cannot remove, lock or take away your own administrator rights',
    'zh-CN': '不能删除、锁定自己或取消自己的管理员权限',
  },
  'account.locked': { en: 'Account locked', 'zh-CN': '账号已锁定' },
  'account.unlocked': { en: 'Account unlocked', 'zh-CN': '账号已解锁' },
  'account.passwordReset': { en: 'Password reset', 'zh-CN': '密码已重置' },
  'role.nameTaken': { en: 'This role name is already in use', 'zh-CN': '角色名称已存在' },
  'role.notFound': { en: 'The role does not exist', 'zh-CN': '角色不存在' },
  'role.inUse': {
    en: 'Accounts still hold this role: change their roles first',
    'zh-CN': '仍有账号使用该角色，请先修改这些账号的角色',
  },
  'role.builtIn': {
    en: 'The built-in admin role cannot be changed or deleted',
    'zh-CN': '内置管理员角色不能修改或删除',
  },
  'role.confirmDelete': { en: 'Are you sure to delete?', 'zh-CN': '是否确定删除？' },
  'role.unknownMenu': { en: 'Unknown menu or button code', 'zh-CN': '未知的菜单或按钮编码' },
  'offlineVideo.type': {
    en: 'Only MP4, MOV, FLV or MPEG-TS video files can be uploaded',
    'zh-CN': '只能上传MP4、MOV、FLV或TS格式的视频文件',
  },
  'offlineVideo.size': {
    en: 'The video file is larger than the upload limit',
    'zh-CN': '视频文件超过上传大小限制',
  },
  'offlineVideo.broken': {
    en: 'The video file is damaged or incomplete and cannot be analyzed',
    'zh-CN': '视频文件已损坏或不完整，无法分析',
  },
  'offlineVideo.urlInvalid': {
    en: 'Please enter a video address starting with http://, https://, rtsp:// or rtmp://',
    'zh-CN': '请输入以http://、https://、rtsp://或rtmp://开头的视频地址',
  },
  'offlineVideo.sourceRequired': {
    en: 'Please upload a video file or enter a video address',
    'zh-CN': '请上传视频文件或填写视频地址',
  },
  'offlineVideo.algorithmRequired': {
    en: 'Please select at least one algorithm',
    'zh-CN': '请至少选择一个算法',
  },
  'offlineVideo.fileGone': {
    en: 'The uploaded video is no longer available, please upload it again',
    'zh-CN': '上传的视频已失效，请重新上传',
  },
  'offlineVideo.notFound': { en: 'The analysis does not exist', 'zh-CN': '分析任务不存在' },
  'offlineVideo.notRunning': {
    en: 'The analysis is not running on this engine',
    'zh-CN': '该分析任务不在此引擎上运行',
  },
  'image.type': { en: 'Only JPG or PNG images can be uploaded', 'zh-CN': '只能上传jpg或png格式的图片' },
  'image.size': { en: 'The image cannot exceed 500 KB', 'zh-CN': '图片大小不能超过500KB' },
  'zone.max': { en: 'At most 5 custom zones', 'zh-CN': '自定义区域最多5个' },
  'zone.invalid': {
    en: 'A zone needs at least 3 points inside the image',
    'zh-CN': '区域至少需要3个位于图片内的点',
  },
  'flow.incompleteNodes': {
    en: 'Some nodes are missing required information',
    'zh-CN': '有未完成的节点必填信息',
  },
  'mail.testFailed': { en: 'The test message could not be sent', 'zh-CN': '测试邮件发送失败' },
  'mail.testSent': { en: 'Test message sent', 'zh-CN': '测试邮件已发送' },
  'common.noData': { en: 'No data', 'zh-CN': '暂无数据' },
  'alarm.commentTooLong': {
    en: 'The processing result can be at most 100 characters',
    'zh-CN': '处理结果，100字以内',
  },
  'alarm.stateChanged': {
    en: 'This alarm was already handled by someone else; it is shown as it is now',
    'zh-CN': '该报警已被他人处理，已显示最新状态',
  },
  'alarm.notAllowed': {
    en: "This action is not allowed in the alarm's current state",
    'zh-CN': '当前报警状态不允许此操作',
  },
  'alarm.approved': { en: 'Approved', 'zh-CN': '确定成功' },
  'alarm.revoked': { en: 'Approval revoked', 'zh-CN': '撤销成功' },
  'alarm.marked': { en: 'Marked successfully', 'zh-CN': '标记成功' },
  'alarm.cancelled': { en: 'Cancelled successfully', 'zh-CN': '取消成功' },
  'ingest.detections': {
    en: 'detections must be a JSON array of at most 50 boxes {cls, confidence, box: [x, y, w, h] within 0..1}',
    'zh-CN': 'detections 必须是 JSON 数组，最多 50 个框 {cls, confidence, box: [x, y, w, h]，取值 0..1}',
  },
  'engine.invalidKey': { en: 'Invalid engine key', 'zh-CN': '引擎密钥无效' },
  'field.url': { en: 'Please enter a correct address', 'zh-CN': '请输入正确的地址' },
  'camera.codeDuplicate': { en: 'This camera code already exists', 'zh-CN': '摄像机编码已存在' },
  'threshold.order': {
    en: 'The low threshold must be lower than the high threshold',
    'zh-CN': '低阈值必须小于高阈值',
  },
  'field.host': {
    en: 'Please enter a correct host name or IP address',
    'zh-CN': '请输入正确的主机名或IP地址',
  },
  'mail.notConfigured': {
    en: 'Please save the mail server settings first',
    'zh-CN': '请先保存邮件服务器设置',
  },
  'algorithm.defaultLevel': {
    en: 'The default level must be one of the selectable levels',
    'zh-CN': '默认等级必须是可选等级之一',
  },
  'flow.startNode': {
    en: 'A flowchart needs exactly one start node',
    'zh-CN': '流程图必须有且只有一个开始节点',
  },
  'flow.endNode': { en: 'A flowchart needs at least one end node', 'zh-CN': '流程图至少需要一个结束节点' },
  'flow.edgeEnds': {
    en: 'Every connection must join two different existing nodes',
    'zh-CN': '连线的两端必须是两个已存在的不同节点',
  },
  'flow.tooLarge': {
    en: 'A flowchart can have at most 200 nodes and 400 connections',
    'zh-CN': '流程图最多200个节点、400条连线',
  },
  'node.invalidParent': {
    en: 'A plant belongs to a factory, and an area to a plant or another area',
    'zh-CN': '车间必须属于厂区，区域必须属于车间或其他区域',
  },
  'alarmRule.threshold': {
    en: 'Enter a whole number from 1 to 10000, or leave it empty for no limit',
    'zh-CN': '请输入1到10000之间的整数，不填表示不限制',
  },
  'alarmRule.interval': {
    en: 'Enter an interval of 1 to 1440 minutes',
    'zh-CN': '请输入1到1440分钟的间隔',
  },
  'alarmRule.priorities': {
    en: 'Choose among the four alarm levels',
    'zh-CN': '请从四个报警等级中选择',
  },
  'dcsAlarm.stateChanged': {
    en: 'This DCS alarm was already processed; it is shown as it is now',
    'zh-CN': '该DCS报警已被处理，已显示最新状态',
  },
  'dcsAlarm.processed': { en: 'Processed successfully', 'zh-CN': '处理成功' },
  'jobRun.notAllowed': {
    en: "This state change is not allowed from the job run's current state",
    'zh-CN': '作业当前状态不允许此状态变更',
  },
  'export.generating': { en: 'Generating the file, please wait.', 'zh-CN': '正在生成文件，请稍等。' },
  'export.notReady': { en: 'The file is still being generated', 'zh-CN': '文件仍在生成中' },
  'export.failed': { en: 'The file could not be generated', 'zh-CN': '文件生成失败' },
  'export.cannotRetry': {
    en: 'This file cannot be generated again here. Export again from the alarm list.',
    'zh-CN': '该文件无法重新生成，请在报警列表重新导出。',
  },
  'export.interrupted': {
    en: 'The server stopped while this file was being generated. Delete it and export again.',
    'zh-CN': '生成文件时服务器中断，请删除后重新导出。',
  },
  'export.noImages': { en: 'No alarm images to download', 'zh-CN': '暂时没有可下载报警图片' },
} as const;

export type MessageCode = keyof typeof MESSAGES;
export type Lang = 'en' | 'zh-CN';
export const LANGS: Lang[] = ['en', 'zh-CN'];

export function isMessageCode(value: string): value is MessageCode {
  return Object.hasOwn(MESSAGES, value);
}

/** Translate a message code (unknown strings pass through unchanged). */
export function translate(message: string, lang: Lang): string {
  return isMessageCode(message) ? MESSAGES[message][lang] : message;
}
