import { ApiPath } from '../../paths';
import type { noticeSchemas } from '../notices';
import { defineCalls } from '../define';

/** Notices and policy documents on the gateway: public, published items only. */
export const noticeCalls = defineCalls<typeof noticeSchemas>({
  noticePage: { method: 'POST', path: ApiPath.noticePage, access: 'public' },
  noticeById: { method: 'POST', path: ApiPath.noticeById, access: 'public' },
  policyPage: { method: 'POST', path: ApiPath.policyPage, access: 'public' },
  policyById: { method: 'POST', path: ApiPath.policyById, access: 'public' },
});
