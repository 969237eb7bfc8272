import { useQuery } from '@tanstack/react-query';
import { todoCalls } from '@hall/shared/contracts/todo.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type TodoItem = CallData<typeof todoCalls.todoList>['list'][number];

export const todoKey = ['todo', 'list'] as const;

/** What waits on the signed-in user, urgent first (derived on the server from state). */
export const fetchTodoList = () => request.call(todoCalls.todoList, undefined, { silent: true }).then((answer) => answer.data.list);

/** Fresh on each visit and every two minutes while the (kept-alive) page is open. */
export function useTodoList() {
  return useQuery({ queryKey: todoKey, queryFn: fetchTodoList, staleTime: 15_000, refetchInterval: 120_000, refetchOnMount: 'always' });
}
