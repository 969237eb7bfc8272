/**
 * The few icons of the login gateway, drawn inline: the gateway ships without antd and its icon
 * package (bundle budget), so these stay a few hundred bytes.
 */
const base = {
  width: 16,
  height: 16,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

export const UserIcon = () => (
  <svg {...base}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
  </svg>
);
export const IdCardIcon = () => (
  <svg {...base}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <circle cx="9" cy="11" r="2" />
    <path d="M6 16c.6-1.5 1.7-2.2 3-2.2s2.4.7 3 2.2M14.5 10h4M14.5 13.5h3" />
  </svg>
);
export const LockIcon = () => (
  <svg {...base}>
    <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
  </svg>
);
export const ShieldIcon = () => (
  <svg {...base}>
    <path d="M12 3 4.5 6v5.5c0 4.6 3.1 8.2 7.5 9.5 4.4-1.3 7.5-4.9 7.5-9.5V6z" />
    <path d="m8.8 12 2.2 2.2 4.2-4.4" />
  </svg>
);
export const EyeIcon = ({ off }: { off?: boolean }) => (
  <svg {...base}>
    <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" />
    <circle cx="12" cy="12" r="3" />
    {off ? <path d="M4 20 20 4" /> : null}
  </svg>
);
export const EmptyIcon = () => (
  <svg width="64" height="41" viewBox="0 0 64 41" aria-hidden="true" focusable="false">
    <ellipse cx="32" cy="33" rx="32" ry="7" fill="#f5f5f5" />
    <path d="M55 13.8 44.9 2.3C44.4 1.6 43.7 1.2 43 1.2H21c-.7 0-1.4.4-1.9 1.1L9 13.8V23h46z" fill="none" stroke="#d9d9d9" />
    <path
      d="M41.6 16.8c0-1.6 1-2.9 2.2-2.9H55v18.1c0 2.1-1.3 3.9-3 3.9H12c-1.7 0-3-1.8-3-3.9V13.9h11.2c1.2 0 2.2 1.3 2.2 2.9 0 1.6 1 2.9 2.2 2.9h14.8c1.2 0 2.2-1.3 2.2-2.9z"
      fill="#fafafa"
      stroke="#d9d9d9"
    />
  </svg>
);
