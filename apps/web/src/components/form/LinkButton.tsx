import { Button, type ButtonProps } from 'antd';
import { useNavigate } from 'react-router';

/** An antd button that moves to a page of the portal (a <Link> around a <button> is not valid HTML). */
export function LinkButton({ to, replace, ...props }: ButtonProps & { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  return <Button {...props} onClick={() => navigate(to, { replace })} />;
}
