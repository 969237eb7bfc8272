import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

// The default template gives the bar role="bar", which is no ARIA role (axe: aria-roles).
NProgress.configure({
  showSpinner: false,
  // Each step sets the width and reads offsetWidth (a forced layout of the page being built):
  // every 400 ms, not every 120, so a first load pays for a few of them instead of twenty.
  trickleSpeed: 400,
  minimum: 0.15,
  barSelector: '.bar',
  template: '<div class="bar"><div class="peg"></div></div>',
});

/** The thin bar at the top while a route's code and data load (nprogress). */
export const progress = {
  start: () => void NProgress.start(),
  done: () => void NProgress.done(),
};
