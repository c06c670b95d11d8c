/**
 * Message codes shared by server and web. Zod schemas carry these codes as their error
 * messages; the server translates them into the caller's language, the web into the UI language.
 * The Chinese texts are the SPEC's own wording (SPEC §5, §8).
 */
export const MESSAGES = {
  'field.required': { en: 'This cannot be empty', 'zh-CN': '此项不能为空!' },
  'field.invalid': { en: 'Invalid value', 'zh-CN': '输入值无效' },
  'field.tooLong': { en: 'Too long', 'zh-CN': '输入过长' },
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
  'error.internal': { en: 'Internal server error', 'zh-CN': '服务器内部错误' },
  'error.badRequest': { en: 'Invalid request', 'zh-CN': '请求参数错误' },
  'common.ok': { en: 'OK', 'zh-CN': '成功' },
  'common.deleted': { en: 'Deleted successfully!', 'zh-CN': '删除成功！' },
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
