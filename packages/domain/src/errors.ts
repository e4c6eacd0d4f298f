import type { Locale } from './locale';

/**
 * The error catalogue (spec 8, decisions 2): one code per failure, each with its HTTP status and the
 * message key the server answers with. Business codes ride on HTTP 200.
 */
export const ERROR_CODES = {
  OK: { code: 0, status: 200, message: 'errors.ok' },
  NOT_LOGGED_IN_ROUTES: { code: -1, status: 200, message: 'errors.unauthenticated' },
  VALIDATION: { code: 40000, status: 400, message: 'errors.validation' },
  UNAUTHENTICATED: { code: 40100, status: 401, message: 'errors.unauthenticated' },
  SESSION_EXPIRED: { code: 40200, status: 402, message: 'errors.session_expired' },
  FORBIDDEN: { code: 40300, status: 403, message: 'errors.forbidden' },
  NOT_FOUND: { code: 40400, status: 404, message: 'errors.not_found' },
  CONFLICT: { code: 40900, status: 409, message: 'errors.item_exists' },
  PAYLOAD_TOO_LARGE: { code: 41300, status: 413, message: 'errors.payload_too_large' },
  RATE_LIMITED: { code: 42900, status: 429, message: 'errors.rate_limited' },
  INTERNAL: { code: 50000, status: 500, message: 'errors.server' },
  UNAVAILABLE: { code: 50300, status: 503, message: 'errors.unavailable' },
  INVALID_CREDENTIALS: { code: 10001, status: 200, message: 'errors.invalid_credentials' },
  EMAIL_NOT_VERIFIED: { code: 10002, status: 200, message: 'errors.email_not_verified' },
  EMAIL_TAKEN: { code: 10003, status: 200, message: 'errors.email_taken' },
  TOKEN_INVALID: { code: 10004, status: 200, message: 'errors.token_invalid' },
  TOKEN_EXPIRED: { code: 10005, status: 200, message: 'errors.token_expired' },
  USER_DISABLED: { code: 10006, status: 200, message: 'errors.user_disabled' },
  ADV_STATUS_ERROR: { code: 10101, status: 200, message: 'errors.adv_status' },
  NO_ADV_FOUND: { code: 10102, status: 200, message: 'errors.no_adv' },
  ORG_NOT_ACTIVE: { code: 10201, status: 200, message: 'errors.org_not_active' },
  LAST_ADMIN: { code: 10202, status: 200, message: 'errors.last_admin' },
  INVITE_EMAIL_MISMATCH: { code: 10203, status: 200, message: 'errors.invite_email_mismatch' },
  ALREADY_MEMBER: { code: 10204, status: 200, message: 'errors.already_member' },
  PARTNER_INVALID: { code: 10205, status: 200, message: 'errors.partner_invalid' },
  ADV_CLOSED: { code: 10103, status: 200, message: 'errors.adv_closed' },
  ADV_TRANSITION: { code: 10104, status: 200, message: 'errors.adv_transition' },
  VERIFY_NOT_ALLOWED: { code: 10206, status: 200, message: 'errors.verify_not_allowed' },
  FILE_FORMAT: { code: 10301, status: 200, message: 'errors.file_format' },
  FILE_TOO_LARGE: { code: 10302, status: 200, message: 'errors.file_too_large' },
  FILE_UNKNOWN: { code: 10303, status: 200, message: 'errors.file_unknown' },
  ASSET_EXISTS: { code: 10401, status: 200, message: 'errors.item_exists' },
  EVENT_ID_TAKEN: { code: 10402, status: 200, message: 'errors.event_id_taken' },
  // Business centers: partners
  PARTNER_REQUEST_PENDING: { code: 10207, status: 200, message: 'errors.partner_request_pending' },
  PARTNER_REQUEST_CLOSED: { code: 10208, status: 200, message: 'errors.partner_request_closed' },
} as const satisfies Record<string, { code: number; status: number; message: MessageKey }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Server-side messages in both languages. The console merges these into its `errors` namespace. */
export const MESSAGES = {
  'en-US': {
    'errors.ok': 'Success',
    'errors.unauthenticated': 'You are not logged in, please log in.',
    'errors.session_expired': 'Login timed out, please log in again.',
    'errors.forbidden': 'No operation permission.',
    'errors.not_found': 'The requested item was not found.',
    'errors.validation': 'Some fields are invalid, please check them.',
    'errors.item_exists': 'Item already exists.',
    'errors.payload_too_large': 'The request is too large.',
    'errors.rate_limited': 'Too many failed attempts. Please wait {{minutes}} minutes and try again.',
    'errors.server': 'Serve error, please try again!',
    'errors.unavailable': 'The service is not ready, please try again shortly.',
    'errors.invalid_credentials': 'Incorrect e-mail or password.',
    'errors.email_not_verified':
      'Please verify your e-mail address first. We have sent you a new verification link.',
    'errors.email_taken': 'This e-mail address is already registered.',
    'errors.token_invalid': 'This link is invalid or has already been used.',
    'errors.token_expired': 'This link has expired. Please request a new one.',
    'errors.user_disabled': 'This user has been disabled.',
    'errors.adv_status': 'The account status is abnormal and cannot be used for now.',
    'errors.no_adv': 'No advertiser account found.',
    'errors.org_not_active': 'This business center is not active yet.',
    'errors.last_admin': 'A business center needs at least one member and one admin.',
    'errors.invite_email_mismatch':
      'This invitation was sent to another e-mail address. Log in with that address to accept it.',
    'errors.already_member': 'Item already exists: {{email}} is already a member or invited.',
    'errors.partner_invalid': 'No active business center with this ID can be added as a partner.',
    'errors.adv_closed': 'A closed account cannot be activated again.',
    'errors.adv_transition': 'The account cannot change from this status to that one.',
    'errors.verify_not_allowed': 'Verification cannot be submitted in the current status.',
    'errors.file_format': 'File format incorrect.',
    'errors.file_too_large': 'The file is too large (at most {{max}} MB).',
    'errors.file_unknown': 'The file was not found. Please upload it again.',
    'errors.event_id_taken': 'Invalid event ID: {{event_id}} already exists.',
    'notices.invitation_accepted': '{{email}} accepted your invitation to {{org}}.',
    'notices.account_status_1': 'Advertiser account "{{adv}}" ({{adv_id}}) was approved and can be used now.',
    'notices.account_status_2': 'Advertiser account "{{adv}}" ({{adv_id}}) was rejected.',
    'notices.account_status_3': 'Advertiser account "{{adv}}" ({{adv_id}}) was stopped.',
    'notices.account_status_4': 'Advertiser account "{{adv}}" ({{adv_id}}) was disabled permanently.',
    'notices.account_closed': 'Advertiser account "{{adv}}" ({{adv_id}}) was closed.',
    'notices.verification_approved':
      'Business center "{{org}}" ({{org_id}}) passed verification and is active now.',
    'notices.verification_rejected':
      'The verification of business center "{{org}}" ({{org_id}}) was rejected.',
    'notices.partner_added': '"{{org}}" ({{org_id}}) added your business center as a partner.',
    'notices.partner_revoked': '"{{org}}" ({{org_id}}) removed your business center as a partner.',
    'notices.accounts_shared': '"{{org}}" ({{org_id}}) changed the accounts it shares with you.',
    'validation.email': 'Please enter a valid e-mail address.',
    'validation.password_required': 'Please enter password.',
    'validation.password_length': 'The password must be 8 to 128 characters.',
    'validation.password_mismatch': 'The password you set is not the same, please check it.',
    'validation.required': 'This field is required.',
    'validation.too_long': 'This field is too long.',
    'validation.invalid': 'This value is invalid.',
    'validation.url': 'Please enter a valid URL starting with http:// or https://.',
    'validation.phone': 'Please enter a valid phone number.',
    'validation.commission_rate': 'The commission rate must be between 0 and 100%.',
    'validation.duplicates': 'Duplicates exist, please confirm.',
    'validation.org_id': 'Please enter a valid business center ID.',
    'validation.markup_ratio': 'The markup ratio must be between 0 and 1000%.',
    'validation.date_order': 'The end date must not be before the start date.',
    'validation.reason_required': 'Please give a reason.',
    'validation.license_required': 'Please upload at least one license file.',
    'validation.event_id': 'Invalid event ID',
    'validation.event_id_standard':
      'Invalid event ID: this is a standard event, pick it from the standard events.',
    'validation.missing_standard_events': 'Missing standard events: search arbitrage needs at least one.',
    'validation.download_link': 'Please enter a valid download link.',
    'validation.download_link_bundle': 'The download link belongs to another package name.',
    'validation.apk_android': 'APK downloads are for Android apps only.',
    'validation.bundle_id': 'Please enter a valid bundle or package name, such as com.example.app.',
    'validation.https_url': 'Please enter a valid URL starting with https://.',
    'validation.date_range': 'The date range is too long (at most 366 days).',
    // Business centers: partner requests
    'errors.partner_request_pending':
      'A partner request to this business center is already waiting for its answer.',
    'errors.partner_request_closed': 'This partner request has already been answered or cancelled.',
    'notices.partner_requested':
      '"{{org}}" ({{org_id}}) asks to add your business center as a partner. Accept or decline it on the Partners page.',
    'notices.partner_request_accepted': '"{{org}}" ({{org_id}}) accepted your partner request.',
    'notices.partner_request_declined': '"{{org}}" ({{org_id}}) declined your partner request.',
    'notices.partner_request_cancelled': '"{{org}}" ({{org_id}}) withdrew its partner request.',
  },
  'zh-CN': {
    'errors.ok': '成功',
    'errors.unauthenticated': '您尚未登录，请登录。',
    'errors.session_expired': '登录超时，请重新登录。',
    'errors.forbidden': '没有操作权限。',
    'errors.not_found': '未找到请求的内容。',
    'errors.validation': '部分字段无效，请检查。',
    'errors.item_exists': '该项已存在。',
    'errors.payload_too_large': '请求内容过大。',
    'errors.rate_limited': '失败次数过多，请 {{minutes}} 分钟后再试。',
    'errors.server': '服务错误，请重试！',
    'errors.unavailable': '服务尚未就绪，请稍后再试。',
    'errors.invalid_credentials': '邮箱或密码错误。',
    'errors.email_not_verified': '请先验证您的邮箱地址，我们已重新发送验证链接。',
    'errors.email_taken': '该邮箱已注册。',
    'errors.token_invalid': '链接无效或已被使用。',
    'errors.token_expired': '链接已过期，请重新申请。',
    'errors.user_disabled': '该用户已被停用。',
    'errors.adv_status': '账户状态异常，暂时无法使用。',
    'errors.no_adv': '未找到广告账户。',
    'errors.org_not_active': '该商务中心尚未启用。',
    'errors.last_admin': '商务中心至少需要一名成员和一名管理员。',
    'errors.invite_email_mismatch': '该邀请发送给了其他邮箱地址，请使用该地址登录后接受。',
    'errors.already_member': '该项已存在：{{email}} 已是成员或已被邀请。',
    'errors.partner_invalid': '没有可添加为合作伙伴的该 ID 的启用商务中心。',
    'errors.adv_closed': '已关闭的账户无法再次启用。',
    'errors.adv_transition': '账户无法从当前状态变更为该状态。',
    'errors.verify_not_allowed': '当前状态下无法提交认证。',
    'errors.file_format': '文件格式不正确。',
    'errors.file_too_large': '文件过大（最大 {{max}} MB）。',
    'errors.file_unknown': '未找到该文件，请重新上传。',
    'errors.event_id_taken': '事件 ID 无效：{{event_id}} 已存在。',
    'notices.invitation_accepted': '{{email}} 已接受您加入 {{org}} 的邀请。',
    'notices.account_status_1': '广告账户“{{adv}}”（{{adv_id}}）已审核通过，现在可以使用。',
    'notices.account_status_2': '广告账户“{{adv}}”（{{adv_id}}）已被拒绝。',
    'notices.account_status_3': '广告账户“{{adv}}”（{{adv_id}}）已被暂停。',
    'notices.account_status_4': '广告账户“{{adv}}”（{{adv_id}}）已被永久禁用。',
    'notices.account_closed': '广告账户“{{adv}}”（{{adv_id}}）已关闭。',
    'notices.verification_approved': '商务中心“{{org}}”（{{org_id}}）已通过认证，现已启用。',
    'notices.verification_rejected': '商务中心“{{org}}”（{{org_id}}）的认证被拒绝。',
    'notices.partner_added': '“{{org}}”（{{org_id}}）已将您的商务中心添加为合作伙伴。',
    'notices.partner_revoked': '“{{org}}”（{{org_id}}）已将您的商务中心从合作伙伴中移除。',
    'notices.accounts_shared': '“{{org}}”（{{org_id}}）更改了与您共享的账户。',
    'validation.email': '请输入有效的邮箱地址。',
    'validation.password_required': '请输入密码。',
    'validation.password_length': '密码长度须为 8 到 128 个字符。',
    'validation.password_mismatch': '两次输入的密码不一致，请检查。',
    'validation.required': '此项为必填项。',
    'validation.too_long': '内容过长。',
    'validation.invalid': '该值无效。',
    'validation.url': '请输入以 http:// 或 https:// 开头的有效网址。',
    'validation.phone': '请输入有效的电话号码。',
    'validation.commission_rate': '佣金比例须在 0 到 100% 之间。',
    'validation.duplicates': '存在重复项，请确认。',
    'validation.org_id': '请输入有效的商务中心 ID。',
    'validation.markup_ratio': '加价比例须在 0 到 1000% 之间。',
    'validation.date_order': '结束日期不能早于开始日期。',
    'validation.reason_required': '请填写原因。',
    'validation.license_required': '请至少上传一个营业执照文件。',
    'validation.event_id': '事件 ID 无效',
    'validation.event_id_standard': '事件 ID 无效：这是标准事件，请在标准事件中选择。',
    'validation.missing_standard_events': '缺少标准事件：搜索套利至少需要一个标准事件。',
    'validation.download_link': '请输入有效的下载链接。',
    'validation.download_link_bundle': '下载链接属于其他包名。',
    'validation.apk_android': 'APK 下载仅适用于 Android 应用。',
    'validation.bundle_id': '请输入有效的 Bundle ID 或包名，例如 com.example.app。',
    'validation.https_url': '请输入以 https:// 开头的有效网址。',
    'validation.date_range': '日期范围过长（最多 366 天）。',
    // Business centers: partner requests
    'errors.partner_request_pending': '已向该商务中心发送过合作伙伴申请，正在等待对方答复。',
    'errors.partner_request_closed': '该合作伙伴申请已被处理或已撤回。',
    'notices.partner_requested':
      '“{{org}}”（{{org_id}}）申请将您的商务中心添加为合作伙伴，请在“合作伙伴”页面接受或拒绝。',
    'notices.partner_request_accepted': '“{{org}}”（{{org_id}}）已接受您的合作伙伴申请。',
    'notices.partner_request_declined': '“{{org}}”（{{org_id}}）已拒绝您的合作伙伴申请。',
    'notices.partner_request_cancelled': '“{{org}}”（{{org_id}}）已撤回合作伙伴申请。',
  },
} as const satisfies Record<Locale, Record<string, string>>;

export type MessageKey = keyof (typeof MESSAGES)['en-US'];

export function isMessageKey(key: string): key is MessageKey {
  return key in MESSAGES['en-US'];
}

/** Resolves a message key in a language, filling {{name}} placeholders. Unknown keys pass through. */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const template = isMessageKey(key) ? MESSAGES[locale][key] : key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** Error code for an HTTP status when a body carries no envelope (used by the console). */
export function errorForStatus(status: number): ErrorCode {
  const found = (Object.keys(ERROR_CODES) as ErrorCode[]).find(
    (k) => ERROR_CODES[k].status === status && ERROR_CODES[k].code >= 40000,
  );
  return found ?? 'INTERNAL';
}
