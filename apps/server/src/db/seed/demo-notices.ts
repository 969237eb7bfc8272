import { cityUnion } from '@hall/shared';
/** The demo gateway's notices and policy documents: what a city union publishes in a year. */
export interface DemoNotice {
  kind: 'notice' | 'policy';
  title: string;
  content: string;
  /** Days before the seed's "now". */
  daysAgo: number;
  withChecklist?: boolean;
}

export function demoNotices(city: string, year: number): DemoNotice[] {
  const union = cityUnion(city);
  return [
    {
      kind: 'notice',
      daysAgo: 20,
      withChecklist: true,
      title: `关于开展${year}年度职工医疗互助活动的通知`,
      content: `各区县（市）总工会、各产业（行业）工会、各基层工会：
为进一步减轻职工医疗费用负担，经研究，${union}决定开展${year}年度职工医疗互助活动。现将有关事项通知如下：
一、参加对象。本市行政区域内依法建立工会组织的单位中参加城镇职工基本医疗保险的在职职工和退休职工均可参加。
二、互助项目和缴费标准。住院医疗互助每人每年60元；女职工特殊疾病互助每人每年10元。以单位为整体参加，参加人员须为本单位全部在册职工。
三、办理时间。${year - 1}年11月1日至${year}年12月15日。新参加人员自缴费之日起设90天等待期，等待期内发生的住院费用不予互助。
四、办理方式。各单位登录职工医疗互助网上服务大厅，在“互助申请”中下载人员名单模板，填写后导入并提交；联合基层工会下属企业的申请由所属联合基层工会审核后报市总工会。
五、申报材料。请参阅附件《申报材料清单》，按要求准备并妥善保存，以备核查。
联系电话：0731-88880000（工作日9:00-17:00）。`,
    },
    {
      kind: 'notice',
      daysAgo: 10,
      title: `关于${year}年度职工医疗互助费缴纳截止时间的通知`,
      content: `各参加单位：
${year}年度职工医疗互助费缴纳截止时间为${year}年12月31日。申请审核通过后，请在网上服务大厅“应缴金额”中核对应缴人数和金额，并按页面提示完成缴费。
互助保障自互助期开始之日与缴费之日加等待期两者中较晚之日起生效。逾期未缴费的，本年度申请自动失效，职工在此期间发生的医疗费用不予互助。
如对应缴金额有疑问，请在截止时间前联系所属工会或市总工会职工医疗互助办公室。`,
    },
    {
      kind: 'notice',
      daysAgo: 3,
      title: '职工医疗互助网上服务大厅单位注册指南',
      content: `尚未开通账号的单位，可通过网上服务大厅自助注册：
一、点击大厅首页“单位注册”，设置单位账号（2-14位，须包含字母）和登录密码，填写单位名称、统一社会信用代码、法定代表人信息，并选择上级工会。
二、公开招标单位请选择“公开招标单位注册”，先下载《授权委托书》，由法定代表人签字并加盖单位公章后扫描上传。
三、注册信息提交后由市总工会审核，一般在3个工作日内完成，审核结果将以短信发送至法定代表人手机。可随时在大厅首页查询审核进度。
四、审核通过后首次登录，请按提示完善单位联系人、所属区域、职工人数等信息，即可办理互助申请等业务。`,
    },
    {
      kind: 'policy',
      daysAgo: 60,
      title: `${union}职工医疗互助管理办法`,
      content: `第一条 为发挥工会组织在多层次医疗保障体系中的补充作用，减轻职工因病造成的经济负担，制定本办法。
第二条 职工医疗互助坚持自愿参加、互助共济、收支平衡、略有结余的原则，互助资金专款专用。
第三条 互助期为一个自然年度。参加单位按每人每年的标准缴纳互助费，具体标准由市总工会每年公布。
第四条 参加互助的职工住院发生的符合基本医疗保险政策范围的个人自付费用，超过起付标准的部分按分段比例给予互助：5000元以下（含）部分给予45%，5000元至10000元（含）部分给予50%，10000元至20000元（含）部分给予55%，20000元至30000元（含）部分给予60%，30000元以上部分给予70%。
第五条 每人每个互助期累计互助金额最高不超过50000元。
第六条 新参加人员设90天等待期。连续参加的职工不设等待期。
第七条 职工可在出院之日起两年内申请互助金，逾期不予受理。
第八条 本办法由${union}负责解释，自发布之日起施行。`,
    },
    {
      kind: 'policy',
      daysAgo: 30,
      title: `${city}职工医疗互助补助申请办理指南`,
      content: `一、补助类型：重大疾病补助、女职工特殊疾病补助、困难职工补助、手工报销。
二、申请人：由职工所在单位在网上服务大厅统一申请，职工本人也可登录个人账号申请。
三、所需材料：申请人身份证、出院小结、医疗费用结算单、医疗费用发票、本人银行卡。材料可上传PDF、OFD、JPG、PNG格式的扫描件或照片，单个文件不超过10MB。
四、办理流程：提交申请 → 单位审核 → 市总工会审核 → 待发放 → 已发放。材料不全的将退回补正，不符合条件的不予补助。
五、办理时限：自出院之日起两年内申请。审核通过的补助金一般在15个工作日内发放至申请人银行卡。`,
    },
  ];
}

/** Lines of the demo attachment (ASCII: the seed's hand-written PDF has no Chinese font). */
export const CHECKLIST_LINES = [
  'Workers Medical Mutual Aid - Enrolment checklist',
  '',
  '1. Unit account of the online service hall (registered and approved).',
  '2. Staff roster from the template of the enrolment page (name, ID number, phone).',
  '3. Unified social credit code certificate of the unit (copy, stamped).',
  '4. Payment voucher after the application is approved.',
  '',
  'Enrolment: 1 November - 15 December. Payment deadline: 31 December.',
  'Hospital mutual aid: CNY 60 per person per year.',
  'Women workers special diseases: CNY 10 per person per year.',
  'Waiting period for new members: 90 days.',
];
