import { ApiPath } from '../../paths';
import type { mailSchemas } from '../mail';
import { defineCalls } from '../define';

export const mailCalls = defineCalls<typeof mailSchemas>({
  mailPage: { method: 'POST', path: ApiPath.mailPage },
  mailRead: { method: 'POST', path: ApiPath.mailRead },
  mailReadAll: { method: 'POST', path: ApiPath.mailReadAll },
});
