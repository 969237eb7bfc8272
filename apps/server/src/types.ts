import type { HallCaches } from './caches';
import type { Contract, IpLimit, OperatorRole } from '@hall/shared';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Clock } from './lib/clock';
import type { MessageSender } from './lib/senders';
import type { FileStore } from './lib/storage';
import type { AccessTokens } from './lib/tokens';

/** Who may call a route (the contract's `access`). Default 'any' (any logged-in user): a route is never public by accident. */
export type { Access } from '@hall/shared';
import type { Access } from '@hall/shared';

/** Portal logins and the back office's operators: the same accounts, guards and sessions. */
export type LoginType = 'unit' | 'personal' | 'operator';

export interface UnitCaller {
  id: number;
  uact: string;
  empName: string;
  level: number;
  uniType: string | null;
  parentId: number | null;
  insured: boolean;
  /** Level-2 units of a 93 union: '1' authorized, '2' released (its business is read-only, issue 10). */
  authState?: string | null;
}

export interface PersonCaller {
  id: number;
  certNo: string;
  name: string;
  insured: boolean;
}

/**
 * What the per-call identity check reads (auth's repository fills it; caches.ts keeps it per node):
 * a session with its account and the account's unit or person (null for the other kind, and for
 * operators).
 */
export interface IdentityRow {
  session: {
    id: string;
    accountId: number;
    accessGen: number;
    createdAt: Date;
    lastSeenAt: Date;
    revokedAt: Date | null;
    revokeReason: string | null;
  };
  account: {
    id: number;
    loginType: string;
    loginName: string;
    status: string;
    operatorName: string | null;
    operatorRoles: string[];
    mustChangePassword: boolean;
  };
  unit: (Omit<UnitCaller, 'authState'> & { authState: string | null }) | null;
  person: PersonCaller | null;
}

interface PortalCaller {
  accountId: number;
  sessionId: string;
  loginName: string;
  /** The account still has a union-given first password (issue 10). */
  mustChangePassword?: boolean;
}

/** A unit's user: `unit` is the unit the call works for. */
export interface UnitCall extends PortalCaller {
  loginType: 'unit';
  unit: UnitCaller;
  person?: undefined;
  /** Set when a 93 union acts for a released branch: `unit` is the branch, this is the union (issue 10). */
  actingBy?: UnitCaller;
}

/** A person's own account. */
export interface PersonalCall extends PortalCaller {
  loginType: 'personal';
  person: PersonCaller;
  unit?: undefined;
  actingBy?: undefined;
}

/**
 * The authenticated user of a request, loaded from the session on every call: `Caller<'unit'>` has
 * its unit, `Caller<'personal'>` its person, `Caller` either (narrowed by `loginType`). A route's
 * handler gets the one its contract's access admits (lib/route.ts).
 */
export type Caller<T extends 'unit' | 'personal' = 'unit' | 'personal'> = Extract<UnitCall | PersonalCall, { loginType: T }>;

/**
 * An operator of the city union's back office, loaded from an operator session on the routes of
 * the operator API (access 'operator'). Never a `Caller`: portal routes refuse operator sessions.
 */
export interface OperatorCaller {
  accountId: number;
  sessionId: string;
  loginName: string;
  /** The operator's name (accounts.operator_name): what audit rows and decisions record. */
  name: string;
  /** What the operator may do: the auth plugin admits a call by these (shared `mayCall`). */
  roles: OperatorRole[];
  /** A first or reset password stands: only OPERATOR_FIRST_PASSWORD_CALLS are admitted. */
  mustChangePassword: boolean;
}

export interface HallContext {
  config: Config;
  db: Db;
  clock: Clock;
  tokens: AccessTokens;
  /** Bytes of uploaded files (metadata in the `files` table). */
  files: FileStore;
  /** SMS and e-mail (the outbox by default). */
  sender: MessageSender;
  /** What this node keeps between calls (PostgreSQL only: fed by its change notifications). */
  caches?: HallCaches;
  /** The database as a whole, for `ops backup` (the server and the CLI give it; tests that build an app need not). */
  database?: Pick<Database, 'kind' | 'dumpAt'>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * false: the request body is not an envelope (file upload, roster import, refresh).
     * 'either': a sealed body is opened, a plain JSON body is taken as it is (the download calls,
     * which the spec leaves unsealed and some clients seal).
     */
    sealed?: boolean | 'either';
    /** The contract the route was registered from (lib/route.ts): response check, needInsured. */
    call?: Contract;
    /** A per-IP abuse limit this call spends from (modules/limits), checked before anything else. */
    ipLimit?: IpLimit;
  }
  interface FastifyRequest {
    caller?: Caller;
    /** Set on 'operator' routes only. */
    operator?: OperatorCaller;
  }
  interface FastifyInstance {
    hall: HallContext;
    /** Takes the node out of service and closes it (plugins/health.ts): /readyz 503, `graceMs` more serving, then close. */
    drain(graceMs: number): Promise<void>;
  }
}
