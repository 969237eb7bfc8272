import { createCipheriv, createDecipheriv } from 'node:crypto';
import type { BlockCipher } from '@hall/shared';

/** The envelope's AES-128-ECB-PKCS7 through OpenSSL: the server seals every answer, so speed matters here. */
export const nodeCipher: BlockCipher = {
  encrypt(key, plain) {
    const cipher = createCipheriv('aes-128-ecb', key, null);
    return Buffer.concat([cipher.update(plain), cipher.final()]);
  },
  decrypt(key, sealed) {
    const decipher = createDecipheriv('aes-128-ecb', key, null);
    return Buffer.concat([decipher.update(sealed), decipher.final()]);
  },
  toBase64: (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
};
