import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart, { type MultipartFields } from '@fastify/multipart';
import { errorCodes, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { FILE_MAX_BYTES, FILE_MESSAGES } from '@hall/shared';
import { HallError, refuse } from './hall-error';
import { TooLargeError } from './storage';

/*
 * Uploads (multipart, field `file`, not sealed): the reader is registered once for the API
 * (uploadsPlugin), and a route receives its file through receiveFile with its limit and its
 * refusal. A large operator file is loaded from a temporary copy (spooled).
 */

/** A file as a service takes it: its name, its bytes as they arrive, and the form's fields sent before it. */
export interface Upload {
  fileName: string;
  /** The bytes as they arrive; past the limit the stream fails (UploadTooLarge), so a cut file is never read as whole. */
  stream: Readable;
  /** Whether the reader cut the file at its limit. */
  truncated(): boolean;
  /** The form's fields sent before the file (the last value of a repeated one). */
  fields: Record<string, string>;
}

/** What a call accepts, and what the clerk reads when the file is larger. */
export interface UploadLimit {
  maxBytes: number;
  /** The refusal of a larger file (word for word what the call has always said). */
  tooLarge: string;
  /** The refusal of a request without a file; FILE_MESSAGES.empty unless given. */
  missing?: string;
  /** Form fields allowed before the file; 5 unless given. */
  fields?: number;
}

/** The hall's ordinary upload: at most 10 MB. */
export const FILE_UPLOAD: UploadLimit = { maxBytes: FILE_MAX_BYTES, tooLarge: FILE_MESSAGES.tooLarge };

const FIELDS = 5;
/** The form field that carries the file. */
const FIELD = 'file';

/** The reader's own code for a file past its limit (the import services still look for it). */
export class UploadTooLarge extends Error {
  readonly code = 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * Registers the multipart reader once for the API: one file per request. Only a call whose
 * contract consumes multipart takes such a body; any other answers it as before, as a body of
 * an unsupported type (a bad envelope), so a form cannot reach a call as an empty envelope.
 */
export async function uploadsPlugin(api: FastifyInstance) {
  await api.register(multipart, {
    limits: { fileSize: FILE_MAX_BYTES, files: 1, fields: FIELDS, parts: FIELDS + 1 },
    throwFileSizeLimit: true,
  });
  api.addHook('preValidation', async (request) => {
    if (request.isMultipart() && !request.routeOptions.config.call?.consumes?.includes('multipart/form-data')) {
      throw new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(request.headers['content-type']);
    }
  });
}

/** Whether a failure while the file was read means it was over its limit (a refusal already said is kept). */
const overLimit = (error: unknown, file: Upload | undefined) =>
  !(error instanceof HallError) &&
  (error instanceof UploadTooLarge ||
    error instanceof TooLargeError ||
    (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ||
    !!file?.truncated());

const valuesOf = (fields: MultipartFields) =>
  Object.fromEntries(
    Object.entries(fields).flatMap(([name, entry]) => {
      const last = Array.isArray(entry) ? entry.at(-1) : entry;
      return last?.type === 'field' ? [[name, String(last.value)]] : [];
    }),
  );

/**
 * Receives the request's file (field `file`) and hands it to `use`: no multipart body or no such file is `missing`;
 * past `maxBytes` the file's stream fails, so whatever reads it stops and the file is refused as
 * `tooLarge`, never taken cut short. After a refusal the rest of the body is not read: the connection closes after the
 * answer, so the client stops sending and the socket does not linger half-read.
 */
export async function receiveFile<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  limit: UploadLimit,
  use: (file: Upload) => Promise<T>,
): Promise<T> {
  const missing = limit.missing ?? FILE_MESSAGES.empty;
  if (!request.isMultipart()) throw refuse(missing);
  let file: Upload | undefined;
  try {
    const fields = limit.fields ?? FIELDS;
    const part = await request.file({ limits: { fileSize: limit.maxBytes, fields, parts: fields + 1 } });
    if (!part) throw refuse(missing);
    // The contracts name the field `file` (the portal sends nothing else): a file under another name is none.
    if (part.fieldname !== FIELD) {
      part.file.resume();
      throw refuse(missing);
    }
    const cut = () => part.file.destroy(new UploadTooLarge(`more than ${limit.maxBytes} bytes`));
    if (part.file.truncated) cut();
    else part.file.once('limit', cut);
    file = { fileName: part.filename ?? '', stream: part.file, truncated: () => part.file.truncated, fields: valuesOf(part.fields) };
    const result = await use(file);
    part.file.resume(); // a reader that stopped early (an Excel file's first sheet): the body is still read to its end
    return result;
  } catch (error) {
    reply.header('connection', 'close');
    throw overLimit(error, file) ? refuse(limit.tooLarge) : error;
  }
}

/**
 * Loads a file once it has arrived whole, from a temporary copy: the load's transaction never
 * waits on a slow network (on the embedded database it would hold the only writer), and a file
 * cut at its limit fails before anything is read. The copy is removed on every path.
 */
export async function spooled<T>(file: Upload, load: (input: Readable) => Promise<T>, under = tmpdir()): Promise<T> {
  const dir = await mkdtemp(path.join(under, 'hall-upload-'));
  const copy = path.join(dir, 'upload');
  try {
    await pipeline(file.stream, createWriteStream(copy));
    if (file.truncated()) throw new UploadTooLarge('cut at the limit');
    const input = createReadStream(copy);
    try {
      return await load(input);
    } finally {
      input.destroy();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * An operator's file as a load takes it (the registry, the settlements): its own name (no path,
 * at most 200 characters, which the load records) and its bytes from a spooled copy.
 */
export const spooledFile = <T>(file: Upload, load: (file: { fileName: string; input: Readable }) => Promise<T>) =>
  spooled(file, (input) => load({ fileName: (file.fileName.split(/[\\/]/).pop() ?? '').slice(-200), input }));
