import type { Config } from './config';
import type { Db } from './db/client';
import type { Clock } from './lib/clock';
import type { MessageSender } from './lib/senders';
import type { FileStore } from './lib/storage';
import type { AccessTokens } from './lib/tokens';

/** Who may call a route. Default 'any' (any logged-in user): a route is never public by accident. */
export type Access = 'public' | 'any' | 'unit' | 'personal';

export interface UnitCaller {
  id: number;
  uact: string;
  empName: string;
  level: number;
  uniType: string | null;
  parentId: number | null;
  insured: boolean;
}

export interface PersonCaller {
  id: number;
  certNo: string;
  name: string;
  insured: boolean;
}

/** The authenticated user of a request, loaded from the session on every call. */
export interface Caller {
  accountId: number;
  sessionId: string;
  loginType: 'unit' | 'personal';
  loginName: string;
  unit?: UnitCaller;
  person?: PersonCaller;
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
  }
  interface FastifyRequest {
    caller?: Caller;
  }
  interface FastifyInstance {
    hall: HallContext;
  }
}
