import { ApiPath } from '../../paths';
import type { todoSchemas } from '../todo';
import { defineCalls } from '../define';

/**
 * Not needInsured: an uninsured unit or person is told to register (an item of its own), and a
 * 92 union reviews its members' applications whether or not it is insured itself (decision 35).
 */
export const todoCalls = defineCalls<typeof todoSchemas>()({
  todoList: { method: 'POST', path: ApiPath.todoList, writes: false },
});
