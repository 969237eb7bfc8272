import { z } from 'zod';

/** POST …/listPubservSysDicList {type} */
export const dictListRequest = z.object({ type: z.string().trim().min(1, '请指定字典类型').max(40) });
/** GET …/getCodeValueListMultiple?types=A,B */
export const dictMultipleQuery = z.object({
  types: z.string().trim().min(1, '请指定字典类型').max(400),
});
