import { describe, expect, it } from 'vitest';
import { ENVELOPE_VECTORS } from './vectors';
import { EnvelopeError, open, seal } from './index';

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
