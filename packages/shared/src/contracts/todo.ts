import { z } from 'zod';
import { TODO_KINDS } from '../schemas/todo';
import { defineContracts, post } from './define';

const todoItem = z.strictObject({
  kind: z.enum(TODO_KINDS),
  title: z.string(),
  detail: z.string(),
  count: z.number().int(),
  route: z.string().describe('处理该事项的页面（含筛选条件）'),
  urgent: z.boolean().describe('需优先处理（已逾期、被退回）'),
  at: z.string().nullable().describe('开始等待的时间（ISO）；常驻提醒为 null'),
});

/**
 * Not needInsured: an uninsured unit or person is told to register (an item of its own), and a
 * 92 union reviews its members' applications whether or not it is insured itself (docs/decisions.md, "Uninsured users read their own").
 */
export const todoCalls = defineContracts(['待办事项'], {
  todoList: {
    ...post.any,
    path: '/gob/web/todo/getList',
    writes: false,
    response: z.strictObject({ list: z.array(todoItem) }),
    summary: '待办事项（由申请、导入、人员和参保状态得出，紧急的在前）',
  },
});

/** The same contracts under the name the server's modules read. */
export const todoContracts = todoCalls;
