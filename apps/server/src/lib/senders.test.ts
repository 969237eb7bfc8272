import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { WebhookSender } from './senders';

const received: Array<{ body: string; signature: string | undefined }> = [];
let status = 200;
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    received.push({ body, signature: req.headers['x-hall-signature'] as string | undefined });
    res.statusCode = status;
    res.end();
  });
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it('the webhook sender posts each message, signed with the shared secret, and fails on a refusal', async () => {
  const sender = new WebhookSender(url, 'a-shared-secret-of-some-length');
  await sender.send({ channel: 'sms', target: '13900000001', content: '【长沙市总工会】验证码123456' });
  expect(JSON.parse(received[0].body)).toEqual({
    channel: 'sms',
    target: '13900000001',
    subject: null,
    content: '【长沙市总工会】验证码123456',
  });
  expect(received[0].signature).toBe(createHmac('sha256', 'a-shared-secret-of-some-length').update(received[0].body).digest('hex'));
  status = 503;
  await expect(sender.send({ channel: 'sms', target: '13900000001', content: 'x' })).rejects.toThrow('HTTP 503');
});

it('is chosen by the settings, which need its address and secret', () => {
  expect(loadConfig({ HALL_DATA_DIR: 'memory://' }).messageSender).toBe('outbox');
  expect(() => loadConfig({ HALL_DATA_DIR: 'memory://', HALL_MESSAGE_SENDER: 'webhook' })).toThrow(/HALL_MESSAGE_WEBHOOK_URL/);
  const config = loadConfig({
    HALL_DATA_DIR: 'memory://',
    HALL_MESSAGE_SENDER: 'webhook',
    HALL_MESSAGE_WEBHOOK_URL: url,
    HALL_MESSAGE_WEBHOOK_SECRET: 'a-shared-secret-of-some-length',
  });
  expect(config).toMatchObject({ messageSender: 'webhook', messageWebhookUrl: url });
});
