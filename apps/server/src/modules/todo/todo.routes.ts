import type { FastifyInstance } from 'fastify';
import { todoContracts as calls } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { todoList } from './todo.service';

export async function todoRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  registerCall(app, calls.todoList, (request) => todoList(ctx, request.caller));
}
