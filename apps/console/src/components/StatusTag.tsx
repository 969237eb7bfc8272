import { Tag } from 'antd';
import './components.css';

/** A state in its colour, with text dark enough for WCAG AA (components.css). */
export const StatusTag = ({ color, children }: { color: string; children: string }) => (
  <Tag color={color} className="status-tag">
    {children}
  </Tag>
);
