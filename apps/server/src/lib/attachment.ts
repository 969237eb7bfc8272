import type { FastifyReply } from 'fastify';

/** RFC 5987 value: percent-encoded UTF-8, with the characters encodeURIComponent leaves alone escaped too. */
const rfc5987 = (name: string) => encodeURIComponent(name).replace(/['()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());

/** An ASCII stand-in for clients that ignore filename* (non-ASCII and quoting characters replaced). */
const asciiName = (name: string) => name.replace(/[^\x20-\x7e]|["\\;]/g, '_');

/**
 * Answers raw file bytes as a download (R55): the type, `attachment` with the UTF-8 name, and no
 * caching (private files pass through shared proxies too).
 */
export function sendAttachment(reply: FastifyReply, name: string, mime: string, bytes: Buffer) {
  return attachmentHeaders(reply, name, mime).header('content-length', bytes.length).send(bytes);
}

/** The headers of a download without its length (streamed bodies). */
export function attachmentHeaders(reply: FastifyReply, name: string, mime: string) {
  return reply
    .header('content-type', mime)
    .header('content-disposition', `attachment; filename="${asciiName(name)}"; filename*=UTF-8''${rfc5987(name)}`)
    .header('cache-control', 'private, no-store');
}
