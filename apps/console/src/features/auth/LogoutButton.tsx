import { useState } from 'react';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { logout } from './api/logout';

/** 退出登录: the server ends the session, this tab forgets it, and the login page follows. */
export function LogoutButton({ type = 'link' }: { type?: 'link' | 'text' }) {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const leave = async () => {
    setLeaving(true);
    await logout();
    navigate('/login', { replace: true });
  };
  return (
    <Button type={type} onClick={leave} loading={leaving} data-testid="logout">
      退出登录
    </Button>
  );
}
