import type { z } from 'zod';

/**
 * A call's contract (ts-rest style): what it is on the wire (method, path, sealed, who may call
 * it) and what it carries (request schema, the answer's `data` schema). Both sides read it: the
 * server registers its route from it, the portal's fetchers take their path, sealing and types
 * from it.
 *
 * It is written in two halves, joined in `contracts/index.ts`:
 * - `contracts/calls/<domain>.ts`: the wire half, without zod at run time. The portal imports
 *   only these (the login page's bundle budget leaves no room for zod); the schemas reach the
 *   portal as types only.
 * - `contracts/<domain>.ts`: the schemas, summary and tags (server, OpenAPI, tests).
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

/** What the portal needs at run time: no schemas. */
export interface Call<Req extends z.ZodType | undefined = z.ZodType | undefined, Res extends z.ZodType = z.ZodType> {
  name: string;
  method: Method;
  /** Relative to the base path (default /api). */
  path: string;
  sealed: Sealing;
  access: Access;
  /** Refused (code 1, NOT_INSURED_MESSAGES) to a caller without an active medical-insurance registration. */
  needInsured: boolean;
  /** The call changes something (WireSpec.writes). */
  writes: boolean;
  ipLimit?: IpLimit;
  /** Types only (never set): the request schema and the schema of the answer's `data`. */
  readonly schemas?: { request: Req; response: Res };
}

/** The schemas half of one call. `request` is the body (POST) or the query string (GET); none: no payload. */
export interface CallSchemas {
  request?: z.ZodType;
  response: z.ZodType;
  summary: string;
  /** OpenAPI only (multipart upload). */
  consumes?: string[];
}
export type SchemaMap = Record<string, CallSchemas>;

export interface WireSpec {
  method: Method;
  path: string;
  /** Default: true for POST, false for GET. */
  sealed?: Sealing;
  /** Default 'any': a call is never public by accident. */
  access?: Access;
  needInsured?: boolean;
  /**
   * Whether the call changes something: business records, an account, a session, a message sent or
   * marked read. Audit rows, rate-limit counters and captchas do not count. Required on every call,
   * never derived: a POST is as often a query. The released-branch rule (org/index.ts) refuses every
   * unit call that writes unless it is named as allowed.
   */
  writes: boolean;
  ipLimit?: IpLimit;
}

/** The request schema of a schemas entry (undefined when the call takes no payload). */
export type RequestOf<T> = T extends { request: infer R extends z.ZodType } ? R : undefined;

/** The access a wire entry says (default 'any'), kept literal: the server types each handler's caller by it. */
export type AccessOf<W> = W extends { access: infer A extends Access } ? A : 'any';

export type CallsOf<S extends SchemaMap, W extends { [K in keyof S & string]: WireSpec } = { [K in keyof S & string]: WireSpec }> = {
  [K in keyof S & string]: Call<RequestOf<S[K]>, S[K]['response']> & { name: K; access: AccessOf<W[K]> };
};

/**
 * The wire half of a domain's calls, one entry per entry of its schema map (the types say so):
 * `defineCalls<typeof schemas>()({ ... })`. Two steps because the schema map is named and the wires
 * are inferred: each call's `access` stays the literal it says ('unit', 'operator'…).
 */
export function defineCalls<S extends SchemaMap>() {
  return <const W extends { [K in keyof S & string]: WireSpec }>(wires: W): CallsOf<S, W> => {
    const calls: Record<string, Call> = {};
    for (const [name, w] of Object.entries(wires) as Array<[string, WireSpec]>) {
      calls[name] = {
        name,
        method: w.method,
        path: w.path,
        sealed: w.sealed ?? w.method === 'POST',
        access: w.access ?? 'any',
        needInsured: w.needInsured ?? false,
        writes: w.writes,
        ...(w.ipLimit ? { ipLimit: w.ipLimit } : {}),
      };
    }
    return calls as CallsOf<S, W>;
  };
}

/** One whole contract: the wire half and the schemas half. */
export type Contract<Req extends z.ZodType | undefined = z.ZodType | undefined, Res extends z.ZodType = z.ZodType> = Call<Req, Res> &
  Omit<CallSchemas, 'request' | 'response'> & { request: Req; response: Res; tags: string[] };

export type ContractsOf<C extends Record<string, Call>, S extends SchemaMap> = {
  [K in keyof C & keyof S]: C[K] & {
    request: RequestOf<S[K]>;
    response: S[K]['response'];
    summary: string;
    consumes?: string[];
    tags: string[];
  };
};

/** Joins a domain's two halves. */
export function contractsOf<C extends Record<string, Call>, S extends SchemaMap>(calls: C, schemas: S, tags: string[]): ContractsOf<C, S> {
  const out: Record<string, unknown> = {};
  for (const [name, call] of Object.entries(calls)) {
    const s = schemas[name];
    if (!s) throw new Error(`调用 ${name} 缺少模式`);
    out[name] = { ...call, request: s.request, response: s.response, summary: s.summary, consumes: s.consumes, tags };
  }
  return out as ContractsOf<C, S>;
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
