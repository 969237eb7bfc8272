import { z } from 'zod';
import {
  benefitRuleField,
  messageSendFields,
  payableListFields,
  paymentConfirmFields,
  periodFields,
  productFields,
  waitingListFields,
} from '../schemas/operator';
import {
  opsLoginRequest,
  opsNoticeEditRequest,
  opsNoticeIdRequest,
  opsNoticePublishRequest,
  opsRegistrationListRequest,
  opsRegistrationRejectRequest,
  opsRegistrationRequest,
} from '../schemas/ops';
import { REFRESH_TOKEN_HEADER } from '../schemas/auth';
import { nothing, tokenPair } from './answers';
import { defineContracts, post } from './define';

const operator = z.strictObject({ loginName: z.string(), name: z.string().describe('操作员姓名（审计和经办记录中显示）') });

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
  year: z.number().int(),
  uact: z.string(),
  empName: z.string(),
  headcount: z.number().int(),
  amountFen: z.number().int(),
  payDeadline: day,
  overdue: z.boolean(),
  daysLeft: z.number().int().describe('距缴费截止的天数（负数为逾期天数）'),
});

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
    ...post.operator,
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
    ...post.operator,
    path: '/ops/api/me',
    writes: false,
    response: operator,
    summary: '当前操作员',
  },
  opsRegistrationList: {
    ...post.operator,
    path: '/ops/api/registrations/list',
    writes: false,
    request: opsRegistrationListRequest,
    response: z.strictObject({ list: z.array(registration) }),
    summary: '单位注册申请（待审核的最早提交在前；最多 500 条）',
  },
  opsRegistrationApprove: {
    ...post.operator,
    path: '/ops/api/registrations/approve',
    writes: true,
    request: opsRegistrationRequest,
    response: z.strictObject({ uact: z.string() }),
    summary: '审核通过单位注册（账号启用，站内信和短信通知）',
  },
  opsRegistrationReject: {
    ...post.operator,
    path: '/ops/api/registrations/reject',
    writes: true,
    request: opsRegistrationRejectRequest,
    response: z.strictObject({ uact: z.string() }),
    summary: '驳回单位注册（附原因，短信通知）',
  },
  opsNoticeList: {
    ...post.operator,
    path: '/ops/api/notices/list',
    writes: false,
    response: z.strictObject({ list: z.array(notice) }),
    summary: '全部通知公告和政策文件（含草稿和已撤回）',
  },
  opsNoticePublish: {
    ...post.operator,
    path: '/ops/api/notices/publish',
    writes: true,
    request: opsNoticePublishRequest,
    response: z.strictObject({ id: z.string() }),
    summary: '发布通知公告或政策文件（纯文本；draft 为 true 时保存为草稿）',
  },
  opsNoticeEdit: {
    ...post.operator,
    path: '/ops/api/notices/edit',
    writes: true,
    request: opsNoticeEditRequest,
    response: nothing,
    summary: '修改通知公告或政策文件的标题或正文',
  },
  opsNoticeWithdraw: {
    ...post.operator,
    path: '/ops/api/notices/withdraw',
    writes: true,
    request: opsNoticeIdRequest,
    response: nothing,
    summary: '撤回通知公告或政策文件',
  },
  opsMailSend: {
    ...post.operator,
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
    ...post.operator,
    path: '/ops/api/periods/list',
    writes: false,
    response: z.strictObject({ list: z.array(period) }),
    summary: '互助期及其险种（年度新的在前）',
  },
  opsPeriodCreate: {
    ...post.operator,
    path: '/ops/api/periods/create',
    writes: true,
    request: periodFields,
    response: period,
    summary: '新建互助期（未给出的日期按惯例：当年保障，上年11-12月申报，缴费截止为申报截止，等待期90天）',
  },
  opsPeriodEdit: {
    ...post.operator,
    path: '/ops/api/periods/edit',
    writes: true,
    request: periodFields,
    response: period,
    summary: '修改互助期（year 指定年度，只改给出的字段；已有参保记录的年度不能改保障起止日期和等待期）',
  },
  opsProductCreate: {
    ...post.operator,
    path: '/ops/api/products/create',
    writes: true,
    request: productFields,
    response: product,
    summary: '新建险种（名称和每份费率 rateFen 必填）',
  },
  opsProductEdit: {
    ...post.operator,
    path: '/ops/api/products/edit',
    writes: true,
    request: productFields,
    response: product,
    summary: '修改险种（year、code 指定险种，只改给出的字段；已有有效申报的险种不能改费率）',
  },
  /** Multipart (field `file`), not sealed, like the portal's imports. */
  opsRegistryLoad: {
    ...post.operator,
    path: '/ops/api/registry/load',
    sealed: false,
    writes: true,
    response: z.strictObject({
      loadId: z.number().int(),
      fileName: z.string(),
      rows: z.number().int(),
      added: z.number().int(),
      changed: z.number().int(),
      unchanged: z.number().int(),
      errorCount: z.number().int(),
      errors: z
        .array(z.strictObject({ rowNo: z.number().int(), message: z.string() }))
        .describe('有误的行（最多200条；errorCount 为总数）'),
      units: z.array(z.strictObject({ uact: z.string(), insured: z.boolean() })).describe('参保状态因此改变的单位'),
      persons: z.number().int().describe('参保状态因此改变的人数'),
    }),
    summary:
      '导入医保参保登记文件（multipart 字段 file；.xlsx 或 .csv，最大 10MB；列：类型、统一社会信用代码或身份证号码、名称、参保状态、参保日期）',
    consumes: ['multipart/form-data'],
  },
  opsPaymentConfirm: {
    ...post.operator,
    path: '/ops/api/payments/confirm',
    writes: true,
    request: paymentConfirmFields,
    response: z.strictObject({
      applicationId: z.number().int(),
      applicationNo: z.string(),
      uact: z.string(),
      empName: z.string(),
      amountFen: z.number().int(),
      paidOn: day,
      voucherNo: z.string(),
      coverages: z.number().int().describe('生成的参保记录数'),
      continuing: z.number().int().describe('其中连续参保的记录数'),
      coveredFromNew: day,
      coveredFromContinuing: day,
    }),
    summary: '确认缴费（application 为申请编号或申请号 SQ…；amount 为元，须与应缴金额一致；凭证号不可重复）：待缴费→已缴费，生成参保记录',
  },
  opsPayableList: {
    ...post.operator,
    path: '/ops/api/payables/list',
    writes: false,
    request: payableListFields,
    response: z.strictObject({ today: day, list: z.array(payable) }),
    summary: '待缴费的互助申请（缴费截止日期早的在前；overdue 为 true 时仅列逾期；最多 1000 条）',
  },
  opsWaitingList: {
    ...post.operator,
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
