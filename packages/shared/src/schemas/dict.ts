import { z } from 'zod';

/** POST …/listPubservSysDicList {type} */
export const dictListRequest = z.object({ type: z.string().trim().min(1, '请指定字典类型').max(40) });
/** GET …/getCodeValueListMultiple?types=A,B */
export const dictMultipleQuery = z.object({
  types: z.string().trim().min(1, '请指定字典类型').max(400),
});

/**
 * POST …/dicts/diagnosisSearch: the diagnosis catalogue by ICD-10 code prefix, name or the words
 * people use (肺癌); `list` keeps to a claim type's disease list (重大疾病, 女职工特殊疾病).
 */
export const diagnosisSearchRequest = z.object({
  keyword: z.string().trim().max(40, '搜索内容不能超过40个字'),
  list: z.enum(['major_disease', 'female_disease']).optional(),
  limit: z.number().int().min(1).max(50).optional(),
});
