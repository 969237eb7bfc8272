import { z } from 'zod';
import { dictListRequest, dictMultipleQuery } from '../schemas/dict';
import { dictEntry } from './answers';
import { dictCalls } from './calls/dict';
import { contractsOf, type SchemaMap } from './define';

export const dictSchemas = {
  dictMultiple: {
    request: dictMultipleQuery,
    response: z.record(z.string(), z.array(dictEntry)),
    summary: '按类型批量查询字典（types=A,B）',
  },
  dictList: { request: dictListRequest, response: z.array(dictEntry), summary: '查询一个类型的字典' },
} satisfies SchemaMap;

export const dictContracts = contractsOf(dictCalls, dictSchemas, ['字典']);
