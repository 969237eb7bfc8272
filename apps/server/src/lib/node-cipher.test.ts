import { describe, expect, it } from 'vitest';
import { nobleCipher, open, seal } from '@hall/shared';
import { nodeCipher } from './node-cipher';

/** The server's OpenSSL cipher and Base64 must seal byte for byte what the portal's (noble) opens. */
describe('nodeCipher', () => {
  const payloads = [
    null,
    0,
    '',
    '长沙市总工会',
    { list: [{ name: '李华', certNo: '4301**********0022' }], totlCnt: 10_001 },
    'x'.repeat(47),
  ];

  it('seals exactly as the portal does, for payloads of every padding length', () => {
    for (const payload of payloads) expect(seal(payload, undefined, nodeCipher)).toBe(seal(payload, undefined, nobleCipher));
    for (let n = 0; n < 40; n++) expect(seal('a'.repeat(n), undefined, nodeCipher)).toBe(seal('a'.repeat(n), undefined, nobleCipher));
  });

  it('opens what the portal sealed', () => {
    for (const payload of payloads) expect(open(seal(payload, undefined, nobleCipher), undefined, nodeCipher)).toEqual(payload);
  });
});
