import { z } from 'zod';
import { TODO_KINDS } from '../schemas/todo';
import { todoCalls } from './calls/todo';
import { contractsOf, type SchemaMap } from './define';

const todoItem = z.strictObject({
  kind: z.enum(TODO_KINDS),
  title: z.string(),
  detail: z.string(),
  count: z.number().int(),
  route: z.string().describe('处理该事项的页面（含筛选条件）'),
  urgent: z.boolean().describe('需优先处理（已逾期、被退回）'),
  at: z.string().nullable().describe('开始等待的时间（ISO）；常驻提醒为 null'),
});

export const todoSchemas = {
  todoList: {
    response: z.strictObject({ list: z.array(todoItem) }),
    summary: '待办事项（由申请、导入、人员和参保状态得出，紧急的在前）',
  },
} satisfies SchemaMap;

export const todoContracts = contractsOf(todoCalls, todoSchemas, ['待办事项']);
