import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import type { Clock } from './clock';
import { maskTarget } from './mask';

export interface OutboundMessage {
  channel: 'sms' | 'email';
  /** A mobile number or an e-mail address. */
  target: string;
  subject?: string;
  content: string;
}

/** How the hall sends SMS and e-mail; a real gateway implements the same interface. */
export interface MessageSender {
  send(message: OutboundMessage): Promise<void>;
}

interface Log {
  info(object: object, message: string): void;
}

/**
 * The default sender: writes every message to the `outbox` table (`npm run ops -- sms-outbox`) and
 * a log line with the target masked. It delivers nothing, so a trial or a test reads its codes
 * from the outbox. Production plugs a gateway in its place (docs/operations.md).
 */
export class OutboxSender implements MessageSender {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log?: Log,
  ) {}

  async send(message: OutboundMessage) {
    await this.db.insert(outbox).values({ ...message, subject: message.subject ?? null, createdAt: this.clock.now() });
    this.log?.info({ channel: message.channel, target: maskTarget(message.target) }, 'message written to the outbox');
  }
}
