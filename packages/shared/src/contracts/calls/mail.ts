import { ApiPath } from '../../paths';
import type { mailSchemas } from '../mail';
import { defineCalls } from '../define';

export const mailCalls = defineCalls<typeof mailSchemas>()({
  mailPage: { method: 'POST', path: ApiPath.mailPage, writes: false },
  mailRead: { method: 'POST', path: ApiPath.mailRead, writes: true },
  mailReadAll: { method: 'POST', path: ApiPath.mailReadAll, writes: true },
});
