import { Steps } from 'antd';

const STEPS = ['设置账号', '填写单位信息', '等待审核'];

/** Where the visitor is in the unit registration: /register → /registerNext → /registerEnd. */
export function RegisterSteps({ current }: { current: 0 | 1 | 2 }) {
  return (
    <Steps
      className="register-steps"
      current={current}
      size="small"
      responsive={false}
      titlePlacement="vertical"
      items={STEPS.map((title) => ({ title }))}
    />
  );
}
