import { expect, it } from 'vitest';
import { NotifiedCache } from './notified-cache';

const enabled = (max = 100) => {
  const cache = new NotifiedCache<string>(['s', 'a', 'u', 'p'], 1000, max);
  cache.enable();
  return cache;
};

it('holds nothing while its change channel is down, and forgets everything when it goes down', () => {
  const cache = new NotifiedCache<string>(['s']);
  cache.put('s1', 'row', [], 0, cache.mark());
  expect(cache.get('s1', 0)).toBeUndefined();
  cache.enable();
  cache.put('s1', 'row', [], 0, cache.mark());
  expect(cache.get('s1', 1)).toBe('row');
  cache.disable();
  expect(cache.get('s1', 1)).toBeUndefined();
  cache.enable();
  expect(cache.get('s1', 1)).toBeUndefined();
});

it('keeps a value at most its time to live', () => {
  const cache = enabled();
  cache.put('s1', 'row', [], 0, cache.mark());
  expect(cache.get('s1', 999)).toBe('row');
  expect(cache.get('s1', 1000)).toBeUndefined();
});

it('drops the entries read from a changed session, account, unit or person, and everything on *', () => {
  const cache = enabled();
  const fill = () => {
    cache.put('s1', 'one', ['s:s1', 'a:1', 'u:10'], 0, cache.mark());
    cache.put('s2', 'two', ['s:s2', 'a:2', 'u:10'], 0, cache.mark());
    cache.put('s3', 'three', ['s:s3', 'a:3', 'p:30'], 0, cache.mark());
  };
  const held = () => ['s1', 's2', 's3'].filter((s) => cache.get(s, 1));
  fill();
  cache.invalidate('s:s2');
  expect(held()).toEqual(['s1', 's3']);
  fill();
  cache.invalidate('a:1');
  expect(held()).toEqual(['s2', 's3']);
  fill();
  cache.invalidate('u:10');
  expect(held()).toEqual(['s3']);
  fill();
  cache.invalidate('p:99,30');
  expect(held()).toEqual(['s1', 's2']);
  fill();
  cache.invalidate('*');
  expect(held()).toEqual([]);
});

it('does not keep a value read before a change arrived (the change may be about it)', () => {
  const cache = enabled();
  const mark = cache.mark();
  cache.invalidate('s:s1'); // the revocation's message arrives while the row is being read
  cache.put('s1', 'stale', ['s:s1'], 0, mark);
  expect(cache.get('s1', 1)).toBeUndefined();
  cache.put('s1', 'fresh', ['s:s1'], 0, cache.mark());
  expect(cache.get('s1', 1)).toBe('fresh');
});

it('is bounded: the oldest entry leaves first', () => {
  const cache = enabled(3);
  for (const sid of ['s1', 's2', 's3', 's4']) cache.put(sid, sid, [], 0, cache.mark());
  expect(cache.size).toBe(3);
  expect(cache.get('s1', 1)).toBeUndefined();
  expect(cache.get('s4', 1)).toBe('s4');
});

it('keeps what this process wrote into an entry', () => {
  const cache = enabled();
  cache.put('s1', 'seen 0', [], 0, cache.mark());
  cache.update('s1', () => 'seen 500');
  expect(cache.get('s1', 1)).toBe('seen 500');
});
