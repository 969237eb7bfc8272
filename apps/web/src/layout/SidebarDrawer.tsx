import { Drawer } from 'antd';
import type { ReactNode } from 'react';
import { SIDEBAR_WIDTH_PX } from '@hall/shared/constants.ts';

/** The mobile sidebar (< 992px): a drawer from the left, loaded only on small screens. */
export default function SidebarDrawer({ open, onClose, children }: { open: boolean; onClose(): void; children: ReactNode }) {
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      size={SIDEBAR_WIDTH_PX}
      closable={false}
      styles={{ body: { padding: 0 } }}
      className="sidebar-drawer"
    >
      {children}
    </Drawer>
  );
}
