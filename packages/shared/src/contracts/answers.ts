import { z } from 'zod';
import { post } from './define';

/**
 * Schemas of answers (`data`) shared by several calls. Strict objects: a handler that answers a
 * field the contract does not name fails (code 500 in tests), it is never sent silently.
 */

/** No data: the answer's `data` is null. */
export const nothing = z.null();

/** The answer is the file's bytes, not an envelope (a refusal still is one). No response schema is registered. */
export const fileBytes = z.custom<Blob>(() => true).describe('文件内容（二进制）');

/**
 * A download, spread into its spec like a `post` preset (`...download.unit`): it answers the
 * file's bytes, changes nothing, and takes a plain or a sealed body (the portal sends it plain).
 */
const file = { sealed: 'either' as const, writes: false, response: fileBytes };
export const download = {
  public: { ...post.public, ...file },
  unit: { ...post.unit, ...file },
  insuredUnit: { ...post.insuredUnit, ...file },
  personal: { ...post.personal, ...file },
};

export const dictEntry = z.strictObject({ label: z.string(), value: z.string() });

/** A page of a list; a list that counts its matches up to a cap says so with totlCntCapped (issue 11). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.strictObject({
    list: z.array(item),
    totlCnt: z.number().int(),
    totlCntCapped: z.literal(true).optional().describe('true：匹配超过 totlCnt 条（只数到上限，页面显示“超过 10,000 条”）'),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  });

/** One step of a record's history: who moved it from which state to which (with the labels). */
export const stateEvent = <K extends string>(actorKinds: [K, ...K[]]) =>
  z.strictObject({
    at: z.string(),
    actorKind: z.enum(actorKinds),
    actorName: z.string(),
    fromState: z.string().nullable(),
    fromLabel: z.string().nullable(),
    toState: z.string(),
    toLabel: z.string(),
    note: z.string().nullable(),
  });

export const maskedPhone = z.strictObject({ phone: z.string().describe('脱敏手机号，如 138****0001') });

export const tokenPair = z.strictObject({ accessToken: z.string(), refreshToken: z.string() });

export const unitUser = z.strictObject({ uact: z.string(), psnName: z.string(), uactLevel: z.number().int(), uniType: z.string() });
export const personUser = z.strictObject({ certNo: z.string(), name: z.string() });

export const fileInfo = z.strictObject({ fileId: z.string(), name: z.string(), size: z.number().int() });

/** checkUnitinfo: the fields are free; resubmit: the account is a rejected registration (its applicant may correct it). */
export const unitInfoCheck = z.strictObject({ resubmit: z.boolean() });

export const registrationInfo = z.strictObject({
  empUact: z.string(),
  empName: z.string(),
  kind: z.enum(['unit', 'bidding']),
  status: z.enum(['pending', 'approved', 'rejected']),
  statusLabel: z.string(),
  reason: z.string().nullable(),
  phone: z.string(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
});

export const unitInfo = z.strictObject({
  uact: z.string(),
  empName: z.string(),
  uscc: z.string(),
  empAddr: z.string(),
  legentName: z.string(),
  legentTel: z.string(),
  contactName: z.string(),
  contactTel: z.string(),
  regionCode: z.string(),
  empType: z.string(),
  staffCount: z.number().int().nullable(),
  postalCode: z.string(),
  email: z.string(),
  parentUact: z.string(),
  parentName: z.string(),
  infoComplete: z.boolean(),
});

export const firstContact = z.strictObject({ uact: z.string(), empName: z.string(), uniType: z.string() });
