import { Result } from 'antd';
import { NO_PERMISSION } from '@hall/shared/operator-roles.ts';

/** A page the operator's roles do not admit (the server refuses its calls anyway). */
export default function NoPermission() {
  return (
    <div data-testid="console-403">
      <Result status="403" title="无权访问" subTitle={`${NO_PERMISSION}：您的角色不能使用此页面，如需办理请联系系统管理员。`} />
    </div>
  );
}
