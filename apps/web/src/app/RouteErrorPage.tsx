import { isRouteErrorResponse, useRouteError } from 'react-router';
import { pageNavigator } from '../lib/navigator';

/**
 * Last resort for a route that failed to render or load. The usual cause is a page chunk that
 * no longer exists after a redeploy: a reload fetches the new build.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : '';
  return (
    <div className="boot-screen" role="alert">
      <span className="boot-screen__title">页面加载失败</span>
      <span className="boot-screen__hint">系统可能已更新，请刷新页面后重试。{detail}</span>
      <button type="button" className="boot-screen__button" onClick={() => pageNavigator.reload()}>
        刷新页面
      </button>
    </div>
  );
}
