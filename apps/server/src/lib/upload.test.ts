import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contract } from '@hall/shared';
import { multipart } from '../test/apply-fixtures';
import { HallError } from './hall-error';
import { receiveFile, spooled, type UploadLimit, uploadsPlugin } from './upload';

/** A bare server with the kit: /read answers what it received, /load spools it first, /json takes no form. */
const LIMIT: UploadLimit = { maxBytes: 16, tooLarge: '文件不能超过16字节', missing: '请选择文件' };
const spoolRoot = mkdtempSync(path.join(tmpdir(), 'hall-upload-test-'));
const uploads = { config: { call: { consumes: ['multipart/form-data'] } as Contract } };

const text = async (input: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

const app = Fastify();
beforeAll(async () => {
  await uploadsPlugin(app);
  app.setErrorHandler((error: Error & { code?: string }, _request, reply) =>
    reply.status(200).send(error instanceof HallError ? { message: error.message } : { fault: error.code ?? error.message }),
  );
  app.post('/read', uploads, (request, reply) =>
    receiveFile(request, reply, LIMIT, async (file) => ({ name: file.fileName, text: await text(file.stream), fields: file.fields })),
  );
  app.post('/load', uploads, (request, reply) =>
    receiveFile(request, reply, LIMIT, (file) =>
      spooled(
        file,
        async (input) => {
          const read = await text(input);
          if (read.startsWith('fail')) throw new Error('the load failed');
          return { text: read, copies: readdirSync(spoolRoot).length };
        },
        spoolRoot,
      ),
    ),
  );
  app.post('/json', { config: { call: {} as Contract } }, async () => ({ ok: true }));
});
afterAll(() => app.close());

const send = async (url: string, body: { payload: Buffer | string; contentType: string }) => {
  const res = await app.inject({ method: 'POST', url, headers: { 'content-type': body.contentType }, payload: body.payload });
  return { answer: res.json(), connection: res.headers.connection };
};
const file = (bytes: string) => ({ name: '名单.csv', bytes: Buffer.from(bytes) });

describe('receiveFile', () => {
  it('hands over the file with its name and the fields sent before it, up to its limit', async () => {
    expect((await send('/read', multipart({ periodYear: '2027' }, file('x'.repeat(16))))).answer).toEqual({
      name: '名单.csv',
      text: 'x'.repeat(16),
      fields: { periodYear: '2027' },
    });
  });

  it('refuses a file one byte over its limit with the call’s message, and closes the connection', async () => {
    expect(await send('/read', multipart({}, file('x'.repeat(17))))).toEqual({ answer: { message: LIMIT.tooLarge }, connection: 'close' });
    expect((await send('/read', multipart({}, file('x'.repeat(5000))))).answer).toEqual({ message: LIMIT.tooLarge });
  });

  it('refuses a request without a file: not a form, a form of fields only, a file under another field', async () => {
    expect((await send('/read', { payload: '{}', contentType: 'application/json' })).answer).toEqual({ message: LIMIT.missing });
    expect((await send('/read', multipart({ kind: 'new' }))).answer).toEqual({ message: LIMIT.missing });
    const other = multipart({}, file('abc'));
    const renamed = { ...other, payload: Buffer.from(other.payload.toString().replace('name="file"', 'name="upload"')) };
    expect((await send('/read', renamed)).answer).toEqual({ message: LIMIT.missing });
  });

  it('a call whose contract takes no form answers one as a body of an unsupported type', async () => {
    expect((await send('/json', multipart({}, file('abc')))).answer).toEqual({ fault: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' });
  });
});

describe('spooled', () => {
  it('loads the whole file from a temporary copy, removed on every path: loaded, too large, the load failing', async () => {
    expect((await send('/load', multipart({}, file('abc')))).answer).toEqual({ text: 'abc', copies: 1 });
    expect(readdirSync(spoolRoot)).toEqual([]);
    expect((await send('/load', multipart({}, file('x'.repeat(100))))).answer).toEqual({ message: LIMIT.tooLarge });
    expect(readdirSync(spoolRoot)).toEqual([]);
    expect(await send('/load', multipart({}, file('fail')))).toEqual({ answer: { fault: 'the load failed' }, connection: 'close' });
    expect(readdirSync(spoolRoot)).toEqual([]);
  });
});
