import { Drawer } from 'antd';
import type { ReactNode } from 'react';

/** The mobile sidebar (< 992px): a drawer from the left, loaded only on small screens. */
export default function SidebarDrawer({ open, onClose, children }: { open: boolean; onClose(): void; children: ReactNode }) {
  return (
    <Drawer placement="left" open={open} onClose={onClose} size={230} closable={false} styles={{ body: { padding: 0 } }} className="sidebar-drawer">
      {children}
    </Drawer>
  );
}
