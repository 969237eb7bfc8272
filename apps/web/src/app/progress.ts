import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

NProgress.configure({ showSpinner: false, trickleSpeed: 120, minimum: 0.15 });

/** The thin bar at the top while a route's code and data load (nprogress). */
export const progress = {
  start: () => void NProgress.start(),
  done: () => void NProgress.done(),
};
