import { opsCalls } from '@hall/shared/contracts/ops.ts';
import { opsContentCalls } from '@hall/shared/contracts/ops-content.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { useChange } from '@hall/client/use-change.ts';
import { toast } from '../../../lib/feedback';
import { request } from '../../../lib/request';
import { noticesKey } from './notice-list';

type PublishInput = CallInput<typeof opsCalls.opsNoticePublish>;
type EditInput = CallInput<typeof opsCalls.opsNoticeEdit>;

const publish = (input: PublishInput) =>
  request.call(opsCalls.opsNoticePublish, input).then((answer) => {
    toast.success(input.draft ? `已保存草稿：${input.title}，可添加附件` : `已发布：${input.title}`);
    return answer.data;
  });

const publishDraft = ({ id, title }: { id: number; title: string }) =>
  request.call(opsContentCalls.opsNoticeDraftPublish, { id }).then(() => toast.success(`已发布：${title}`));

const edit = (input: EditInput) => request.call(opsCalls.opsNoticeEdit, input).then(() => toast.success('已保存修改'));

const withdraw = ({ id, title }: { id: number; title: string }) =>
  request.call(opsCalls.opsNoticeWithdraw, { id }).then(() => toast.success(`已撤回：${title}`));

/** 发布 (or 保存草稿): a new notice or policy document. */
export const usePublishNotice = () => useChange(publish, [noticesKey]);
/** 发布 a saved draft. */
export const usePublishDraft = () => useChange(publishDraft, [noticesKey]);
/** 修改 the title or the text. */
export const useEditNotice = () => useChange(edit, [noticesKey]);
/** 撤回: off the portal's gateway. */
export const useWithdrawNotice = () => useChange(withdraw, [noticesKey]);
