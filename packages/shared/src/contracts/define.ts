import type { z } from 'zod';
import { OPERATOR_ROLES, type OperatorRole } from '../operator-roles';

/**
 * A call's contract (ts-rest style), written once in `contracts/<domain>.ts`: what it is on the
 * wire (method, path, sealed, who may call it) and what it carries (request schema, the answer's
 * `data` schema), with its OpenAPI summary. Both sides read it: the server registers its route
 * from it, the portal's fetchers take their path, sealing and types from it.
 *
 * The portal's bundle carries no zod: its build (apps/web/scripts/contract-wires.mjs) serves a
 * contract module to the portal as its wire part only (the `Call` fields, as JSON), and the
 * portal reads the schemas as types only.
 */

/**
 * Who may call: 'public' (no token needed; a sent token is still checked), 'any' logged-in portal
 * user (unit or personal), one portal login type, or 'operator' (the city union's back office,
 * /ops/api/...). Operator sessions are admitted to 'operator' calls only, portal sessions never.
 */
export type Access = 'public' | 'any' | 'unit' | 'personal' | 'operator';

/**
 * true: the body is the envelope {data, channel} (every POST by default). false: the body is not
 * an envelope (file upload, roster import, the empty refresh call). 'either': the server opens a
 * sealed body and takes a plain one as it is; the portal sends it plain (the downloads).
 */
export type Sealing = boolean | 'either';

export type Method = 'GET' | 'POST';

/**
 * The per-IP abuse limit a call spends from before anything else (server modules/limits):
 * send (SMS and e-mail codes), write (anonymous registrations and recovery, each hashing a
 * password), lookup (public look-ups that touch accounts or people).
 */
export type IpLimit = 'send' | 'write' | 'lookup';

/**
 * The usual method and access of a call in one word, spread into its spec (`...post.insuredUnit`):
 * a POST (or a GET) for a unit, a worker, anyone logged in or the public (an operator call names
 * its roles: `ops` below), and
 * `insured…` where the caller needs an active insurance registration (`needInsured`).
 */
function presets<M extends Method>(method: M) {
  const of = <A extends Access>(access: A) => ({ method, access });
  const insured = <A extends Access>(access: A) => ({ method, access, needInsured: true as const });
  return {
    public: of('public'),
    any: of('any'),
    unit: of('unit'),
    personal: of('personal'),
    insuredAny: insured('any'),
    insuredUnit: insured('unit'),
    insuredPersonal: insured('personal'),
  };
}
export const post = presets('POST');
export const get = presets('GET');

/** A file upload: multipart (field `file`), so the body is not an envelope. */
export const upload = { sealed: false as const, writes: true, consumes: ['multipart/form-data'] };

/** An operator call that the given roles may make (and, when it writes nothing, the auditor): `...ops('reviewer')`. */
export const ops = <R extends OperatorRole[]>(...roles: R) => ({ method: 'POST', access: 'operator', roles }) as const;

/** The operator's own session calls (who am I, log out, change the password): every role. */
export const anyOperator = { method: 'POST', access: 'operator', roles: OPERATOR_ROLES } as const;

/** What the portal reads at run time: the wire part, no schemas. */
export interface Call<Req extends z.ZodType | undefined = z.ZodType | undefined, Res extends z.ZodType = z.ZodType> {
  name: string;
  method: Method;
  /** Relative to the base path (default /api). */
  path: string;
  sealed: Sealing;
  access: Access;
  /** Refused (code 1, NOT_INSURED_MESSAGES) to a caller without an active medical-insurance registration. */
  needInsured: boolean;
  /** The call changes something (ContractSpec.writes). */
  writes: boolean;
  ipLimit?: IpLimit;
  /** Operator calls only: the roles that may make it (operator-roles.ts `mayCall`). */
  roles?: readonly OperatorRole[];
  /** Answers whole card or ID numbers (a bank's payout file): its roles only, never the auditor's reading. */
  unmasked?: boolean;
  /** Types only (never set): the request schema and the schema of the answer's `data`. */
  readonly schemas?: { request: Req; response: Res };
}

/** The wire fields of `Call`, in one list: the portal's build keeps these and drops the rest. */
export const WIRE_FIELDS = ['name', 'method', 'path', 'sealed', 'access', 'needInsured', 'writes', 'ipLimit', 'roles', 'unmasked'] as const;

/** One call as written in its domain's `defineContracts`. */
export interface ContractSpec {
  method: Method;
  /** Relative to the base path (default /api); the spec's paths exactly as the portal calls them. */
  path: string;
  /** Default: true for POST, false for GET. */
  sealed?: Sealing;
  /** Default 'any': a call is never public by accident. */
  access?: Access;
  needInsured?: boolean;
  /**
   * Whether the call changes something: business records, an account, a session, a message sent or
   * marked read. Audit rows, rate-limit counters and captchas do not count. Required on every call
   * (the `download` and `upload` presets say it for their kind), never derived from the method: a
   * POST is as often a query. The released-branch rule (org/index.ts) refuses every
   * unit call that writes unless it is named as allowed.
   */
  writes: boolean;
  ipLimit?: IpLimit;
  /** Required on an operator call, and only there: the roles that may make it. */
  roles?: readonly OperatorRole[];
  /**
   * The answer holds whole card or ID numbers, which no list shows: the auditor, who reads every
   * call that writes nothing, does not read this one (it reads the same records masked elsewhere).
   */
  unmasked?: boolean;
  /** The body (POST) or the query string (GET); none: no payload. */
  request?: z.ZodType;
  /** The schema of the answer's `data` (fileBytes: the answer is a file). */
  response: z.ZodType;
  summary: string;
  /** OpenAPI only (multipart upload). */
  consumes?: string[];
}

/** One whole contract: the wire part and the schemas. */
export type Contract<Req extends z.ZodType | undefined = z.ZodType | undefined, Res extends z.ZodType = z.ZodType> = Call<Req, Res> & {
  request: Req;
  response: Res;
  summary: string;
  consumes?: string[];
  tags: string[];
};

/** The request schema of a spec (undefined when the call takes no payload). */
type RequestOf<T> = T extends { request: infer R extends z.ZodType } ? R : undefined;

/** The access a spec says (default 'any'), kept literal: the server types each handler's caller by it. */
type AccessOf<T> = T extends { access: infer A extends Access } ? A : 'any';

export type ContractsOf<S extends Record<string, ContractSpec>> = {
  [K in keyof S & string]: Contract<RequestOf<S[K]>, S[K]['response']> & { name: K; access: AccessOf<S[K]> };
};

/** A domain's calls, each written once; `tags` group them in the OpenAPI document. */
export function defineContracts<S extends Record<string, ContractSpec>>(tags: string[], specs: S): ContractsOf<S> {
  const out: Record<string, Contract> = {};
  for (const [name, s] of Object.entries(specs)) {
    // An operator call without roles would be open to every operator: refused when the module loads.
    if ((s.access === 'operator') !== Boolean(s.roles?.length)) throw new Error(`${name}: roles go with access 'operator', and only there`);
    out[name] = {
      name,
      method: s.method,
      path: s.path,
      sealed: s.sealed ?? s.method === 'POST',
      access: s.access ?? 'any',
      needInsured: s.needInsured ?? false,
      writes: s.writes,
      ...(s.ipLimit ? { ipLimit: s.ipLimit } : {}),
      ...(s.roles ? { roles: s.roles } : {}),
      ...(s.unmasked ? { unmasked: true } : {}),
      request: s.request,
      response: s.response,
      summary: s.summary,
      consumes: s.consumes,
      tags,
    };
  }
  return out as ContractsOf<S>;
}

/** The payload the portal sends (before the schema's trimming and defaults). */
export type CallInput<C> = C extends Call<infer Req, z.ZodType> ? (Req extends z.ZodType ? z.input<Req> : undefined) : never;
/** The payload the handler receives (parsed by the schema). */
export type CallParsed<C> = C extends Call<infer Req, z.ZodType> ? (Req extends z.ZodType ? z.output<Req> : undefined) : never;
/** The answer's `data`, opened. */
export type CallData<C> = C extends Call<z.ZodType | undefined, infer Res> ? z.output<Res> : never;

/** The refusal of a needInsured call to a caller without an active medical-insurance registration (code 1). */
export const NOT_INSURED_MESSAGES = {
  unit: '您的单位尚未办理医保参保登记，暂不能使用本功能',
  personal: '您尚未办理医保参保登记，暂不能使用本功能',
} as const;
