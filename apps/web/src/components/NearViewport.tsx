import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Renders its children once its box comes within `margin` of the viewport, the fallback until
 * then: what lies below the fold on a phone (the home charts, and ECharts with them) costs the
 * first load nothing. A kept-alive tab hidden meanwhile is seen when it is shown again. Without
 * IntersectionObserver (old browsers, the unit tests' DOM) the children render at once.
 */
export function NearViewport({ children, fallback, margin = '200px' }: { children: ReactNode; fallback: ReactNode; margin?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !box.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: margin });
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [near, margin]);
  return near ? children : <div ref={box}>{fallback}</div>;
}
