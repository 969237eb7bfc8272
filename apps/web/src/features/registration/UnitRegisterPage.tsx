import { useEffect, useRef } from 'react';
import { Button } from 'antd';
import { ShopOutlined, FileProtectOutlined, UserAddOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { LinkButton } from '../../components/form/LinkButton';
import { PublicFrame } from '../../components/form/PublicFrame';
import { useAgentDraft } from './agent-draft';
import { AgentForm } from './components/AgentForm';
import './registration.css';

/**
 * /unit-register (注册, kept alive): the registration hub. 单位注册 and 公开招标单位注册 have their
 * own pages; 经办人注册 is filled in right here, and the half-filled form survives a visit to
 * another page (agent-draft.ts).
 */
export default function UnitRegisterPage() {
  const agentOpen = useAgentDraft((state) => state.agentOpen);
  const setDraft = useAgentDraft((state) => state.set);
  const formRef = useRef<HTMLDivElement>(null);
  const opened = useRef(agentOpen);

  useEffect(() => {
    // Scroll to the form when it is opened here, not when the page is revisited with it open.
    if (agentOpen && !opened.current) formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    opened.current = agentOpen;
  }, [agentOpen]);

  return (
    <PublicFrame title="注册" testId="unit-register-page" bare>
      <div className="register-hub">
        <section className="register-choice">
          <ShopOutlined className="register-choice__icon" />
          <h3>单位注册</h3>
          <p>已建立工会组织、隶属联合基层工会或行业工会的单位，注册单位账号后办理职工医疗互助业务。提交后由市总工会审核。</p>
          <LinkButton to="/register" type="primary" block data-testid="choose-unit">
            单位注册
          </LinkButton>
        </section>
        <section className="register-choice">
          <FileProtectOutlined className="register-choice__icon" />
          <h3>公开招标单位注册</h3>
          <p>通过公开招标与市总工会直接办理业务的单位。需下载《授权委托书》，由法定代表人签字、加盖公章后上传。</p>
          <LinkButton to="/mining-register" type="primary" block data-testid="choose-bidding">
            公开招标单位注册
          </LinkButton>
        </section>
        <section className={agentOpen ? 'register-choice register-choice--active' : 'register-choice'}>
          <UserAddOutlined className="register-choice__icon" />
          <h3>经办人注册</h3>
          <p>代表单位办理业务的经办人，或需要个人登录的职工，验证手机号码后注册个人账号，用证件号码登录。</p>
          <Button
            type={agentOpen ? 'default' : 'primary'}
            block
            onClick={() => setDraft({ agentOpen: !agentOpen })}
            aria-expanded={agentOpen}
            data-testid="choose-agent"
          >
            {agentOpen ? '收起经办人注册' : '经办人注册'}
          </Button>
        </section>
      </div>
      {agentOpen ? (
        <div ref={formRef} className="public-frame__body register-agent" data-testid="agent-panel">
          <h3 className="register-agent__title">经办人注册</h3>
          <AgentForm />
        </div>
      ) : null}
      <p className="register-hub__foot">
        已有账号？<Link to="/gatePage">返回登录</Link>　·　查询单位注册审核结果：<Link to="/registerEnd">注册进度查询</Link>　·　
        <Link to="/gateRule">办事指南</Link>
      </p>
    </PublicFrame>
  );
}
