import { CODE_VALIDITY } from '@hall/shared/constants.ts';
import type { ReactNode } from 'react';
import { Alert } from 'antd';
import { Link } from 'react-router';
import { PublicFrame } from '../../components/form/PublicFrame';
import { listPath } from '../../lib/notices';
import './guide.css';

interface GuideSection {
  id: string;
  title: string;
  /** Who does it, in a few words. */
  who: string;
  steps: ReactNode[];
  note?: ReactNode;
}

/**
 * What the hall's business is and how to do it (DESIGN.md §6). Figures that the city union sets
 * every year (rates, dates) are named as examples and point to the current notice.
 */
const SECTIONS: GuideSection[] = [
  {
    id: 'guide-unit',
    title: '单位注册',
    who: '尚未开通账号、已建立工会组织的单位',
    steps: [
      <>
        在大厅首页点击“单位注册”，选择 <Link to="/register">单位注册</Link>。
      </>,
      '设置单位账号（2-14位，须包含字母）和登录密码（8-16位，由字母和数字等组成），选择所属的上级工会（联合基层工会或行业工会）。',
      '填写单位名称、统一社会信用代码、单位地址，以及法定代表人姓名、证件类型、证件号码和手机号码。',
      '提交后由市总工会审核，一般在3个工作日内完成，审核结果以短信发送至法定代表人手机；也可在“注册进度查询”中按单位账号查询。',
      '审核通过后首次登录，按提示完善联系人、所属区域、单位类型、职工人数等信息，即可办理业务。',
    ],
  },
  {
    id: 'guide-bidding',
    title: '公开招标单位注册',
    who: '通过公开招标与市总工会直接办理互助业务的单位',
    steps: [
      <>
        选择 <Link to="/mining-register">公开招标单位注册</Link>，先填写单位信息。
      </>,
      '点击“下载授权委托书”，系统按已填信息生成《授权委托书》；由法定代表人签字并加盖单位公章。',
      '将签章后的授权委托书扫描或拍照（PDF、JPG、PNG 格式，不超过10MB）后上传，再提交注册。',
      '审核与首次登录同单位注册。',
    ],
  },
  {
    id: 'guide-agent',
    title: '经办人注册',
    who: '代表单位办理业务的经办人，或需要个人登录的职工',
    steps: [
      <>
        在 <Link to="/unit-register">注册</Link> 页面选择“经办人注册”。
      </>,
      `填写本人手机号码并获取短信验证码（验证码${CODE_VALIDITY}，每个号码每分钟最多获取1次、每天最多10次）。`,
      '填写姓名、证件类型、证件号码和证件有效期（长期有效的证件可勾选“长期”），设置登录密码。',
      '注册成功后使用证件号码和密码在“个人用户登录”中登录。已参加互助的职工，姓名须与登记的证件信息一致。',
    ],
  },
  {
    id: 'guide-enrol',
    title: '参加职工医疗互助',
    who: '已注册的单位',
    steps: [
      '互助期一般为一个自然年度，设住院医疗互助、女职工特殊疾病互助等项目，按每人每年的标准缴费（如住院医疗互助60元、女职工特殊疾病互助10元，以当年通知为准）。',
      '在“互助人员管理”中维护本单位职工（姓名、身份证号码、人员类型、手机号码等），可逐个录入，也可下载模板批量导入。',
      '在“互助申请”中选择互助期和项目，导入参加人员名单；系统逐行校验身份证号码、重复人员、参保状态等，并提供错误报告下载。',
      '提交申请。联合基层工会下属企业的申请先由所属联合基层工会审核，再报市总工会审核。',
    ],
    note: '新参加人员一般设90天等待期，等待期内发生的住院费用不予互助；连续参加的职工不设等待期。',
  },
  {
    id: 'guide-pay',
    title: '缴纳互助费',
    who: '申请已审核通过的单位',
    steps: [
      '在“应缴金额”中核对各项目的应缴人数和金额（人数 × 缴费标准，扣除补贴后）。',
      '按页面提示在截止时间前完成缴费，市总工会确认到账后申请状态变为“已缴费”。',
      '互助保障自互助期开始之日与缴费之日加等待期两者中较晚之日起生效。',
    ],
  },
  {
    id: 'guide-claim',
    title: '互助待遇与补助申请',
    who: '单位经办人或职工本人',
    steps: [
      '参加互助的职工住院后，其医保结算数据由市总工会导入，系统按当年规则自动计算互助金：政策范围内个人自付费用超过起付标准的部分按分段比例给予互助，每人每年设最高限额。',
      '可在“互助待遇查询”中查看每次住院的互助金额与发放情况。',
      '重大疾病、女职工特殊疾病、困难职工等补助，在“补助申请”中选择补助类型，上传身份证、出院小结、结算单、发票、银行卡等材料后提交，经单位审核、市总工会审核后发放。',
      '补助申请须在出院之日起两年内提出；可在“补助记录查询”中查看办理进度，被退回的申请可按意见补正后重新提交。',
    ],
  },
  {
    id: 'guide-account',
    title: '账号与密码',
    who: '所有用户',
    steps: [
      <>
        忘记密码：在 <Link to="/findback-pwd">找回密码</Link> 中选择单位或个人，通过预留手机号码接收验证码后设置新密码。
      </>,
      '连续输错密码5次，账号将锁定30分钟；找回密码成功后锁定自动解除。',
      '为保障账号安全，同一账号在其他地方登录后，原登录将失效；长时间未操作需要重新登录。',
    ],
  },
];

/** /gateRule 办事指南: how to register, enrol, pay and claim, and where the policies are. */
export default function GuidePage() {
  const jump = (id: string) => document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  return (
    <PublicFrame title="办事指南" testId="guide-page" extra={<Link to={listPath('policy')}>政策文件</Link>}>
      <div className="guide">
        <nav className="guide__toc" aria-label="指南目录">
          {SECTIONS.map((section, index) => (
            <button key={section.id} type="button" className="guide__toc-item" onClick={() => jump(section.id)}>
              <span className="guide__toc-no">{index + 1}</span>
              {section.title}
            </button>
          ))}
        </nav>
        <div className="guide__body">
          {SECTIONS.map((section, index) => (
            <section key={section.id} id={section.id} className="guide__section" aria-labelledby={`${section.id}-title`}>
              <h3 id={`${section.id}-title`} className="guide__title">
                {index + 1}. {section.title}
              </h3>
              <p className="guide__who">适用对象：{section.who}</p>
              <ol className="guide__steps">
                {section.steps.map((step, i) => (
                  <li key={i}>{step}</li>
                ))}
              </ol>
              {section.note ? <p className="guide__note">{section.note}</p> : null}
            </section>
          ))}
          <Alert
            type="info"
            showIcon
            title="政策依据"
            description={
              <>
                互助项目、缴费标准、互助比例和限额等以市总工会发布的管理办法和年度通知为准，详见{' '}
                <Link to={listPath('policy')} data-testid="guide-policies">
                  政策文件
                </Link>{' '}
                和 <Link to={listPath('notice')}>通知公告</Link>。
              </>
            }
          />
        </div>
      </div>
    </PublicFrame>
  );
}
