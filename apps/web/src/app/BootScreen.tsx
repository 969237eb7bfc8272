import { useEffect } from 'react';
import { progress } from './progress';
import { ProductTitle } from '../components/ProductTitle';

/** First paint while the first route's code loads: the product name, no antd needed. */
export function BootScreen() {
  useEffect(() => {
    progress.start();
    return () => progress.done();
  }, []);
  return (
    <div className="boot-screen" role="status" aria-live="polite">
      <span className="boot-screen__title title-words">
        <ProductTitle />
      </span>
      <span className="boot-screen__hint">正在加载…</span>
    </div>
  );
}
