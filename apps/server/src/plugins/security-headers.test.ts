import { expect, it } from 'vitest';
import { securityHeaders } from './security-headers';

it('records helmet’s headers once: CSP as configured, HSTS only when asked, no X-Powered-By', () => {
  const directives = { defaultSrc: ["'self'"], frameAncestors: ["'none'"] };
  const withHsts = new Map(securityHeaders({ contentSecurityPolicy: { directives }, hsts: true }));
  expect(withHsts.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
  expect(withHsts.get('X-Content-Type-Options')).toBe('nosniff');
  expect(withHsts.has('Strict-Transport-Security')).toBe(true);
  expect(withHsts.has('X-Powered-By')).toBe(false);
  const without = new Map(securityHeaders({ contentSecurityPolicy: { directives }, hsts: false }));
  expect(without.has('Strict-Transport-Security')).toBe(false);
});
