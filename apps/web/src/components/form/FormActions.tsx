import type { ReactNode } from 'react';
import { Form } from 'antd';
import { Link } from 'react-router';
import { GuardedButton } from '../GuardedButton';

/**
 * A form's last row, under the fields: what goes before (上一步), the submit button (guarded
 * against a double click), then a link beside it (去登录, 注册须知).
 */
export function FormActions(o: {
  submit: string;
  loading: boolean;
  testId: string;
  link?: [to: string, text: string];
  before?: ReactNode;
}) {
  return (
    <Form.Item label=" " className="form-actions">
      {o.before}
      <GuardedButton type="primary" htmlType="submit" loading={o.loading} data-testid={o.testId}>
        {o.submit}
      </GuardedButton>
      {o.link ? (
        <Link to={o.link[0]} className="form-actions__link">
          {o.link[1]}
        </Link>
      ) : null}
    </Form.Item>
  );
}
