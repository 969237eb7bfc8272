import { OPERATOR_ROLE_LABELS, type OperatorRole } from './operator-roles';

/**
 * The audit log read by people (the console's 审计日志 and its Excel export): actions, the
 * commands of operator rows and the detail's usual keys in Chinese; an unknown one shows as it is.
 */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  login: '登录',
  'login-failed': '登录失败',
  'login-locked': '登录锁定',
  logout: '退出',
  'refresh-reuse': '令牌重用',
  'password-change': '修改密码',
  'permission-refused': '越权被拒',
  register: '注册',
  'password-recover': '找回密码',
  'email-bind': '绑定邮箱',
  'code-sent': '发送验证码',
  'code-wrong': '验证码错误',
  download: '下载',
  'unit-info-change': '单位信息变更',
  'limit-reached': '达到频率上限',
  operator: '后台操作',
  'staff-change': '职工变更',
  'staff-import': '职工导入',
  claim: '补助申请',
  'org-change': '下级单位办理',
  'acting-for': '代办',
  'phone-change': '变更手机号',
  'card-change': '变更银行卡',
  transfer: '关系转移',
  'place-filing': '异地就医备案',
  read: '查看',
};

const COMMAND_LABELS: Record<string, string> = {
  'account-unlock': '解除锁定',
  'account-reset': '重置密码',
  'account-disable': '停用账号',
  'account-enable': '启用账号',
  // The same actions from the operators' command line.
  'reset-password': '重置密码',
  unlock: '解除锁定',
  disable: '停用账号',
  enable: '启用账号',
  'create-unit': '新建单位账号',
  'operator-create': '新建操作员',
  'operator-roles': '设置角色',
  'notice-publish': '发布公告',
  'notice-edit': '修改公告',
  'notice-withdraw': '撤回公告',
  'notice-draft-publish': '发布草稿公告',
  'notice-attachment-add': '添加公告附件',
  'notice-attachment-remove': '删除公告附件',
  'message-send': '发送消息',
  'message-send-union': '发送消息给工会及其下属单位',
  'registration-approve': '注册审核通过',
  'registration-reject': '注册驳回',
  'payment-enter': '登记缴费',
  'payment-confirm': '确认缴费',
  'claim-pay': '补助发放',
  'treatment-pay': '待遇发放',
  'registry-load': '导入参保名册',
  'settlement-load': '导入结算数据',
  'person-unmask': '查看完整身份信息',
  'feature-flag': '功能开关',
  'treatment-list': '查看待遇清单',
  'product-edit': '修改险种',
  'product-rule-recompute': '新规则重新计算待遇',
  'period-create': '新建互助期',
  'period-edit': '修改互助期',
  'product-create': '新建险种',
  'claim-approve': '补助审核通过',
  'claim-return': '补助退回补正',
  'claim-refuse': '不予补助',
};

const KEY_LABELS: Record<string, string> = {
  command: '操作',
  operatorName: '操作员',
  login: '账号',
  loginType: '账号类型',
  accountId: '账号编号',
  reason: '原因',
  roles: '角色',
  name: '名称',
  id: '编号',
  title: '标题',
  to: '收件人',
  uact: '单位账号',
  flag: '开关',
  enabled: '开启',
  fileName: '文件',
  rows: '行数',
  added: '新增',
  changed: '变更',
  replaced: '替换',
  unchanged: '未变',
  skipped: '跳过',
  rejected: '有误',
  loadId: '导入编号',
  year: '年度',
  code: '险种',
  count: '笔数',
  persons: '人数',
  paidOn: '发放日期',
  batchNo: '批次号',
  held: '暂缓',
  state: '状态',
  applicationId: '申请编号',
  voucherNo: '凭证号',
  enteredBy: '登记人',
  coverages: '参保记录',
  personId: '人员编号',
  certNo: '身份证号',
  byCertNo: '按身份证号',
  draft: '草稿',
  union: '工会账号',
  attachments: '附件数',
  fileId: '文件编号',
};

/** An action's label (the code itself when unknown). */
export const auditActionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;

/** An operator row's command label (the code itself when unknown). */
export const auditCommandLabel = (command: string) => COMMAND_LABELS[command] ?? command;

const LOGIN_TYPES: Record<string, string> = { unit: '单位', personal: '个人', operator: '操作员' };

const valueText = (key: string, value: unknown): string => {
  if (key === 'command' && typeof value === 'string') return COMMAND_LABELS[value] ?? value;
  if (key === 'loginType' && typeof value === 'string') return LOGIN_TYPES[value] ?? value;
  if (key === 'roles' && Array.isArray(value)) return value.map((role) => OPERATOR_ROLE_LABELS[role as OperatorRole] ?? role).join('、');
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (Array.isArray(value)) return value.map((v) => valueText('', v)).join('、');
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value ?? '');
};

/** Where a key stands in the line: what was done first, who did it last, the rest as written. */
const rank = (key: string) => (key === 'command' ? 0 : key === 'operatorName' ? 2 : 1);

/** A row's detail as one line of text: 操作：解除锁定；账号：demo01；原因：…；操作员：… */
export const auditDetailText = (detail: Record<string, unknown>) =>
  Object.entries(detail)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([key, value]) => `${KEY_LABELS[key] ?? key}：${valueText(key, value)}`)
    .join('；');
