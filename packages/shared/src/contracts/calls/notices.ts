import { ApiPath } from '../../paths';
import type { noticeSchemas } from '../notices';
import { defineCalls } from '../define';

/** Notices and policy documents on the gateway: public, published items only. */
export const noticeCalls = defineCalls<typeof noticeSchemas>()({
  noticePage: { method: 'POST', path: ApiPath.noticePage, access: 'public', writes: false },
  noticeById: { method: 'POST', path: ApiPath.noticeById, access: 'public', writes: false },
  policyPage: { method: 'POST', path: ApiPath.policyPage, access: 'public', writes: false },
  policyById: { method: 'POST', path: ApiPath.policyById, access: 'public', writes: false },
});
