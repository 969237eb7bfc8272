import { useId } from 'react';

/** The hall's mark: a shield with the medical cross, drawn inline (no image request). */
export function Emblem({ size = 44 }: { size?: number }) {
  const fill = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false" className="emblem">
      <defs>
        <linearGradient id={fill} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#dbe8ff" />
        </linearGradient>
      </defs>
      <path d="M32 3 56 12v18c0 15.5-10.2 26.4-24 31C18.2 56.4 8 45.5 8 30V12z" fill={`url(#${fill})`} />
      <path d="M32 8.5 51 15.6V30c0 12.6-8 21.6-19 25.8C21 51.6 13 42.6 13 30V15.6z" fill="#1677ff" />
      <path d="M27.5 18h9v9.5H46v9h-9.5V46h-9v-9.5H18v-9h9.5z" fill="#fff" />
    </svg>
  );
}
