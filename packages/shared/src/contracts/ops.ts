import { z } from 'zod';
import {
  benefitRuleField,
  messageSendFields,
  payableListFields,
  paymentConfirmFields,
  periodFields,
  productEditFields,
  productFields,
  waitingListFields,
} from '../schemas/operator';
import {
  opsLoginRequest,
  opsPasswordChangeRequest,
  opsNoticeEditRequest,
  opsNoticeIdRequest,
  opsNoticePublishRequest,
  opsRegistrationListRequest,
  opsRegistrationRejectRequest,
  opsRegistrationRequest,
} from '../schemas/ops';
import { REFRESH_TOKEN_HEADER } from '../schemas/auth';
import { OPERATOR_ROLES } from '../operator-roles';
import { bureauBatchRequest } from '../bureau-files';
import { loadRecord, stagedPreview } from './ops-treatment';
import { fileBytes, nothing, tokenPair } from './answers';
import { defineContracts, post, ops, anyOperator, upload } from './define';

const count = z.number().int();

const operator = z.strictObject({
  loginName: z.string(),
  name: z.string().describe('操作员姓名（审计和经办记录中显示）'),
  roles: z.array(z.enum(OPERATOR_ROLES)).describe('角色：admin 系统管理、reviewer 业务审核、finance 财务、data 数据管理、auditor 审计'),
  mustChangePassword: z.boolean().describe('初始密码或重置后的密码尚未修改：修改前其他业务均不可办理'),
});

const registration = z.strictObject({
  uact: z.string(),
  empName: z.string(),
  uscc: z.string(),
  kind: z.enum(['unit', 'bidding']),
  status: z.enum(['pending', 'approved', 'rejected']),
  statusLabel: z.string(),
  parentName: z.string().describe('上级工会（公开招标单位为市总工会）'),
  phone: z.string().describe('脱敏手机号'),
  reason: z.string().nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
});

const notice = z.strictObject({
  id: z.string(),
  kind: z.enum(['notice', 'policy']),
  title: z.string(),
  status: z.enum(['draft', 'published', 'withdrawn']),
  publisher: z.string(),
  publishedAt: z.string().nullable(),
  attachmentCount: z.number().int(),
});

const day = z.string().describe('YYYY-MM-DD');

const product = z.strictObject({
  code: z.string(),
  name: z.string(),
  rateFen: z.number().int().describe('每份费率（分）'),
  maxShares: z.number().int(),
  eligibility: z.enum(['all', 'female']),
  eligibilityLabel: z.string(),
  benefitRule: benefitRuleField.describe('待遇规则（金额为分，比例为百分数）'),
  sort: z.number().int(),
});

const period = z.strictObject({
  id: z.number().int(),
  year: z.number().int(),
  name: z.string(),
  startDate: day,
  endDate: day,
  enrolStart: day,
  enrolEnd: day,
  payDeadline: day,
  waitingDays: z.number().int(),
  phase: z.enum(['upcoming', 'enrolling', 'inForce', 'closed']),
  phaseLabel: z.string(),
  products: z.array(product),
});

const payable = z.strictObject({
  id: z.number().int(),
  applicationNo: z.string(),
  paymentRef: z.string().describe('缴费识别码'),
  year: z.number().int(),
  uact: z.string(),
  empName: z.string(),
  headcount: z.number().int(),
  amountFen: z.number().int(),
  payDeadline: day,
  overdue: z.boolean(),
  daysLeft: z.number().int().describe('距缴费截止的天数（负数为逾期天数）'),
});

/** What a payment confirmation answers of the payment, whether it is done or waits for its second check. */
const paymentOf = {
  applicationId: z.number().int(),
  applicationNo: z.string(),
  uact: z.string(),
  empName: z.string(),
  amountFen: z.number().int(),
  paidOn: day,
  voucherNo: z.string(),
};

/** The operator HTTP API: operator sessions only (access 'operator'); the login and refresh are public. */
export const opsCalls = defineContracts(['操作员'], {
  opsLogin: {
    ...post.public,
    path: '/ops/api/login',
    writes: true,
    request: opsLoginRequest,
    response: tokenPair.extend({ operator }),
    summary: '操作员登录（与大厅登录同样的验证码、锁定和会话规则）',
  },
  opsLogout: {
    ...anyOperator,
    path: '/ops/api/logout',
    writes: true,
    response: nothing,
    summary: '操作员退出登录',
  },
  opsRefreshToken: {
    ...post.public,
    path: '/ops/api/refreshToken',
    sealed: false,
    writes: true,
    response: tokenPair,
    summary: `操作员刷新令牌（请求头 ${REFRESH_TOKEN_HEADER}，空请求体）`,
  },
  opsMe: {
    ...anyOperator,
    path: '/ops/api/me',
    writes: false,
    response: operator,
    summary: '当前操作员',
  },
  opsPasswordChange: {
    ...anyOperator,
    path: '/ops/api/password',
    writes: true,
    request: opsPasswordChangeRequest,
    response: nothing,
    summary: '操作员修改本人密码（须输入原密码；该账号的其他会话随即失效）',
  },
  opsRegistrationList: {
    ...ops('reviewer'),
    path: '/ops/api/registrations/list',
    writes: false,
    request: opsRegistrationListRequest,
    response: z.strictObject({ list: z.array(registration) }),
    summary: '单位注册申请（待审核的最早提交在前；最多 500 条）',
  },
  opsRegistrationApprove: {
    ...ops('reviewer'),
    path: '/ops/api/registrations/approve',
    writes: true,
    request: opsRegistrationRequest,
    response: z.strictObject({ uact: z.string() }),
    summary: '审核通过单位注册（账号启用，站内信和短信通知）',
  },
  opsRegistrationReject: {
    ...ops('reviewer'),
    path: '/ops/api/registrations/reject',
    writes: true,
    request: opsRegistrationRejectRequest,
    response: z.strictObject({ uact: z.string() }),
    summary: '驳回单位注册（附原因，短信通知）',
  },
  opsNoticeList: {
    ...ops('admin'),
    path: '/ops/api/notices/list',
    writes: false,
    response: z.strictObject({ list: z.array(notice) }),
    summary: '全部通知公告和政策文件（含草稿和已撤回）',
  },
  opsNoticePublish: {
    ...ops('admin'),
    path: '/ops/api/notices/publish',
    writes: true,
    request: opsNoticePublishRequest,
    response: z.strictObject({ id: z.string() }),
    summary: '发布通知公告或政策文件（纯文本；draft 为 true 时保存为草稿）',
  },
  opsNoticeEdit: {
    ...ops('admin'),
    path: '/ops/api/notices/edit',
    writes: true,
    request: opsNoticeEditRequest,
    response: nothing,
    summary: '修改通知公告或政策文件的标题或正文',
  },
  opsNoticeWithdraw: {
    ...ops('admin'),
    path: '/ops/api/notices/withdraw',
    writes: true,
    request: opsNoticeIdRequest,
    response: nothing,
    summary: '撤回通知公告或政策文件',
  },
  opsMailSend: {
    ...ops('admin'),
    path: '/ops/api/mail/send',
    writes: true,
    request: messageSendFields,
    response: z.strictObject({
      kind: z.enum(['unit', 'personal']),
      key: z.string().describe('单位账号或身份证号码'),
      name: z.string().describe('单位名称或姓名'),
      title: z.string(),
    }),
    summary: '发送站内信（to 为单位账号或个人身份证号码，先按单位账号查找），发件人为市总工会；与命令行 message-send 同一服务',
  },
  opsPeriodList: {
    ...ops('data', 'finance'),
    path: '/ops/api/periods/list',
    writes: false,
    response: z.strictObject({ list: z.array(period) }),
    summary: '互助期及其险种（年度新的在前）',
  },
  opsPeriodCreate: {
    ...ops('data'),
    path: '/ops/api/periods/create',
    writes: true,
    request: periodFields,
    response: period,
    summary: '新建互助期（未给出的日期按惯例：当年保障，上年11-12月申报，缴费截止为申报截止，等待期90天）',
  },
  opsPeriodEdit: {
    ...ops('data'),
    path: '/ops/api/periods/edit',
    writes: true,
    request: periodFields,
    response: period,
    summary: '修改互助期（year 指定年度，只改给出的字段；已有参保记录的年度不能改保障起止日期和等待期）',
  },
  opsProductCreate: {
    ...ops('data'),
    path: '/ops/api/products/create',
    writes: true,
    request: productFields,
    response: product,
    summary: '新建险种（名称和每份费率 rateFen 必填）',
  },
  opsProductEdit: {
    ...ops('data'),
    path: '/ops/api/products/edit',
    writes: true,
    request: productEditFields,
    response: product,
    summary:
      '修改险种（year、code 指定险种，只改给出的字段；已有有效申报的险种不能改费率；改变补助规则而使已计算的互助待遇变动时，先答复变动情况，确认后带 confirmRecompute: true 再提交）',
  },
  /** Multipart (field `file`, after the form field `uploadId`), not sealed, like the portal's imports. */
  opsRegistryStage: {
    ...ops('data'),
    ...upload,
    path: '/ops/api/registry/stage',
    response: stagedPreview(
      z.strictObject({
        rowNo: count,
        code: z.string().describe('统一社会信用代码，或脱敏的身份证号码'),
        name: z.string(),
        reason: z.string(),
      }),
      {
        added: count.describe('确认后将新增的登记'),
        changed: count.describe('确认后将变更的登记'),
        unchanged: count.describe('已有且相同的登记（不变）'),
      },
    ),
    summary:
      '上传医保参保登记文件（multipart 字段 file；.xlsx 或 .csv，最大 10MB；列：类型、统一社会信用代码或身份证号码、名称、参保状态、参保日期）：逐行检查后返回预览（有误的行及原因、将新增和变更的登记），确认前不写入',
  },
  opsRegistryConfirm: {
    ...ops('data'),
    path: '/ops/api/registry/confirm',
    writes: true,
    request: bureauBatchRequest,
    response: z.strictObject({
      loadId: count,
      fileName: z.string(),
      rows: count,
      added: count,
      changed: count,
      unchanged: count,
      errorCount: count.describe('有误而未导入的行'),
      units: z.array(z.strictObject({ uact: z.string(), insured: z.boolean() })).describe('参保状态因此改变的单位'),
      persons: count.describe('参保状态因此改变的人数'),
    }),
    summary: '确认导入预览中的参保登记文件（一个事务：有效行写入登记，单位和个人的参保状态随之改变，留下导入记录）',
  },
  opsRegistryDiscard: {
    ...ops('data'),
    path: '/ops/api/registry/discard',
    writes: true,
    request: bureauBatchRequest,
    response: nothing,
    summary: '放弃导入预览中的参保登记文件',
  },
  opsRegistryReport: {
    ...ops('data'),
    sealed: 'either',
    path: '/ops/api/registry/report',
    writes: false,
    request: bureauBatchRequest,
    response: fileBytes,
    summary: '下载参保登记文件的错误报告（Excel：有误的行及错误原因）',
  },
  opsBureauFileProgress: {
    ...ops('data', 'finance'),
    path: '/ops/api/bureau-files/progress',
    writes: false,
    request: z.strictObject({ uploadId: z.string().min(8).max(64) }),
    response: z.strictObject({ rows: count }),
    summary: '医保文件或对账单上传后已读取的行数（表单字段 uploadId 所标、本操作员检查中的文件；处理该上传的节点内存中，未知为0）',
  },
  opsRegistryLoadList: {
    ...ops('data'),
    path: '/ops/api/registry/loads',
    writes: false,
    response: z.strictObject({ list: z.array(loadRecord) }),
    summary: '参保登记文件的导入记录（最新在前，最多 200 条）',
  },
  opsPaymentConfirm: {
    ...ops('finance'),
    path: '/ops/api/payments/confirm',
    writes: true,
    request: paymentConfirmFields,
    response: z.discriminatedUnion('state', [
      z.strictObject({
        state: z.literal('confirmed'),
        ...paymentOf,
        enteredBy: z.string().nullable().describe('大额缴费：先登记的操作员（本次为复核确认）'),
        coverages: z.number().int().describe('生成的参保记录数'),
        continuing: z.number().int().describe('其中连续参保的记录数'),
        coveredFromNew: day,
        coveredFromContinuing: day,
      }),
      z.strictObject({ state: z.literal('entered').describe('大额缴费已登记，待另一名财务人员复核'), ...paymentOf }),
    ]),
    summary:
      '确认缴费（application 为申请编号或申请号 SQ…；amount 为元，须与应缴金额一致；凭证号不可重复）：待缴费→已缴费，生成参保记录。超过复核金额的，先登记，由另一名财务人员再次录入相同信息后确认',
  },
  opsPaymentEntryList: {
    ...ops('finance'),
    path: '/ops/api/payments/entries',
    writes: false,
    response: z.strictObject({
      list: z.array(
        z.strictObject({
          applicationId: z.number().int(),
          applicationNo: z.string(),
          uact: z.string(),
          empName: z.string(),
          amountFen: z.number().int().describe('应缴金额（分）'),
          enteredBy: z.string().describe('登记的操作员'),
          enteredAt: z.string(),
        }),
      ),
    }),
    summary: '已登记、待另一名财务人员复核的大额缴费（最早登记在前，最多 500 条）；不含登记的缴费日期和凭证号：复核人须按银行回单重新录入',
  },
  opsPayableList: {
    ...ops('finance'),
    path: '/ops/api/payables/list',
    writes: false,
    request: payableListFields,
    response: z.strictObject({ today: day, list: z.array(payable) }),
    summary: '待缴费的互助申请（缴费截止日期早的在前；overdue 为 true 时仅列逾期；最多 1000 条）',
  },
  opsWaitingList: {
    ...ops('admin', 'reviewer', 'finance', 'data'),
    path: '/ops/api/waiting/list',
    writes: false,
    request: waitingListFields,
    response: z.strictObject({
      today: day,
      reviewDays: z.number().int(),
      dueDays: z.number().int(),
      registrations: z.array(
        z.strictObject({
          uact: z.string(),
          empName: z.string(),
          kind: z.enum(['unit', 'bidding']),
          parentName: z.string(),
          submittedAt: z.string(),
        }),
      ),
      unpaid: z.array(payable),
      reviews: z.array(
        z.strictObject({
          id: z.number().int(),
          applicationNo: z.string(),
          uact: z.string(),
          empName: z.string(),
          unionUact: z.string(),
          unionName: z.string(),
          headcount: z.number().int(),
          submittedAt: z.string().nullable(),
          waitingDays: z.number().int(),
        }),
      ),
    }),
    summary: '待办：待审核的单位注册、逾期或 dueDays 天内截止的待缴费申请、工会超过 reviewDays 天未审核的申请（默认均为 7 天）',
  },
});

/** The same contracts under the name the server's modules read. */
export const opsContracts = opsCalls;
