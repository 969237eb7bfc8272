import { z } from 'zod';
import { diagnosisSearchRequest, dictListRequest, dictMultipleQuery } from '../schemas/dict';
import { dictEntry } from './answers';
import { defineContracts, get, post } from './define';

/** Code sets are public: registration pages need them before login. The diagnosis catalogue is for signed-in filers. */
export const dictCalls = defineContracts(['字典'], {
  dictMultiple: {
    ...get.public,
    path: '/has-pss-cw-local/pss/web/code/getCodeValueListMultiple',
    writes: false,
    request: dictMultipleQuery,
    response: z.record(z.string(), z.array(dictEntry)),
    summary: '按类型批量查询字典（types=A,B）',
  },
  dictList: {
    ...post.public,
    path: '/listPubservSysDicList',
    writes: false,
    request: dictListRequest,
    response: z.array(dictEntry),
    summary: '查询一个类型的字典',
  },
  diagnosisSearch: {
    ...post.any,
    path: '/gob/web/dicts/diagnosisSearch',
    writes: false,
    request: diagnosisSearchRequest,
    response: z.strictObject({
      list: z.array(
        z.strictObject({
          code: z.string().describe('ICD-10 编码，如 C34'),
          name: z.string(),
          chapter: z.string().describe('ICD-10 章，如 肿瘤'),
          aliases: z.array(z.string()).describe('常用说法，如 肺癌'),
          listEntry: z.string().nullable().describe('指定 list 时：所属目录条目，如 恶性肿瘤'),
        }),
      ),
    }),
    summary: '诊断目录搜索（ICD-10 编码前缀、疾病名称、常用说法）',
  },
});

/** The same contracts under the name the server's modules read. */
export const dictContracts = dictCalls;
