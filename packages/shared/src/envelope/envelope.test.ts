import { describe, expect, it } from 'vitest';
import { ENVELOPE_VECTORS } from './vectors';
import { base64ToBytes, bytesToBase64, EnvelopeError, nobleCipher, open, seal, type BlockCipher } from './index';

describe('envelope', () => {
  it.each(ENVELOPE_VECTORS)('seals $payload to the known answer', ({ payload, sealed }) => {
    expect(seal(payload)).toBe(sealed);
    expect(open(sealed)).toEqual(payload);
  });

  it('round-trips Chinese text and large payloads', () => {
    const big = { rows: Array.from({ length: 5000 }, (_, i) => ({ i, name: '职工' + i })) };
    expect(open(seal(big))).toEqual(big);
  });

  it('names the fault of a bad value', () => {
    const fault = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return (e as EnvelopeError).fault;
      }
      return 'none';
    };
    expect(fault(() => open('not base64!'))).toBe('bad-base64');
    expect(fault(() => open('YWJj'))).toBe('bad-cipher'); // 3 bytes, not a block
    expect(fault(() => open(seal({ a: 1 }, 'AnotherKey123456')))).toBe('bad-cipher');
    expect(fault(() => open('5Yqc95LesS5WY1Wv4qsfaA=='))).toBe('none');
  });

  it('refuses a key that is not 16 bytes', () => {
    expect(() => seal({}, 'short')).toThrow('16 字节');
  });
});

describe('base64', () => {
  it('agrees with the platform encoder for every length and byte value', () => {
    for (let length = 0; length < 300; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 97 + length * 31) % 256);
      const expected = Buffer.from(bytes).toString('base64');
      expect(bytesToBase64(bytes)).toBe(expected);
      expect(Array.from(base64ToBytes(expected))).toEqual(Array.from(bytes));
    }
  });

  it.each(['abc', 'ab=c', '====', 'ab==cd==', 'abc\u4e2d', 'a b='])('refuses %j', (text) => {
    expect(() => base64ToBytes(text)).toThrow(EnvelopeError);
  });
});

describe('a block cipher passed in', () => {
  it('is used for both directions and held to the same vectors', () => {
    let calls = 0;
    const counting: BlockCipher = {
      encrypt: (k, p) => (calls++, nobleCipher.encrypt(k, p)),
      decrypt: (k, s) => (calls++, nobleCipher.decrypt(k, s)),
    };
    for (const { payload, sealed } of ENVELOPE_VECTORS) {
      expect(seal(payload, undefined, counting)).toBe(sealed);
      expect(open(sealed, undefined, counting)).toEqual(payload);
    }
    expect(calls).toBe(ENVELOPE_VECTORS.length * 2);
  });
});
