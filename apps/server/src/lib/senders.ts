import { createHmac } from 'node:crypto';
import type { Db } from '../db/client';
import type { Clock } from './clock';
import { maskTarget } from './mask';
import { insertOutbox } from './outbox.repository';

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
    await insertOutbox(this.db, { ...message, subject: message.subject ?? null, createdAt: this.clock.now() });
    this.log?.info({ channel: message.channel, target: maskTarget(message.target) }, 'message written to the outbox');
  }
}

/**
 * A real gateway behind an HTTP webhook (the city's SMS platform or a relay to it): each message is
 * POSTed as JSON {channel, target, subject, content} with an HMAC-SHA256 of the body in
 * X-Hall-Signature, so the receiver can tell it came from the hall. Nothing is kept in the outbox:
 * codes are not stored readable. A refused or unanswered call fails the send (5 s).
 */
export class WebhookSender implements MessageSender {
  constructor(
    private readonly url: string,
    private readonly secret: string,
    private readonly log?: Log,
  ) {}

  async send(message: OutboundMessage) {
    const body = JSON.stringify({
      channel: message.channel,
      target: message.target,
      subject: message.subject ?? null,
      content: message.content,
    });
    const signature = createHmac('sha256', this.secret).update(body).digest('hex');
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hall-signature': signature },
      body,
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) throw new Error(`message gateway answered HTTP ${res.status}`);
    this.log?.info({ channel: message.channel, target: maskTarget(message.target) }, 'message handed to the gateway');
  }
}

/** The sender the settings choose (HALL_MESSAGE_SENDER): the outbox by default, or the webhook gateway. */
export function createSender(
  config: { messageSender: 'outbox' | 'webhook'; messageWebhookUrl?: string; messageWebhookSecret?: string },
  db: Db,
  clock: Clock,
  log?: Log,
): MessageSender {
  if (config.messageSender === 'webhook') return new WebhookSender(config.messageWebhookUrl!, config.messageWebhookSecret!, log);
  return new OutboxSender(db, clock, log);
}
