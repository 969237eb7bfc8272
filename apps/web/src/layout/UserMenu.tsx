import { Dropdown } from 'antd';
import { type ReactElement, useEffect, useRef, useState } from 'react';

/**
 * The account menu (修改密码) around the header's name button, loaded at its first click (antd's
 * Dropdown is not on the first screen's code) and mounted open, as that click asked.
 */
export default function UserMenu({
  onChangePassword,
  onMounted,
  children,
}: {
  onChangePassword(): void;
  onMounted?(): void;
  children: ReactElement;
}) {
  const [open, setOpen] = useState(true);
  // Once, at mounting (the header renders again on every unread count).
  const mounted = useRef(onMounted);
  useEffect(() => mounted.current?.(), []);
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{ items: [{ key: 'password', label: '修改密码', onClick: onChangePassword }] }}
    >
      {children}
    </Dropdown>
  );
}
