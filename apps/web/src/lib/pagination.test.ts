import { describe, expect, it } from 'vitest';
import { serverPaging, totalText } from './pagination';

describe('the total of a server-paged list', () => {
  it('says the count, or "more than" the cap when the server stopped counting there', () => {
    expect(totalText(42)).toBe('共 42 条');
    expect(totalText(7, false, '人')).toBe('共 7 人');
    expect(totalText(10_000, true)).toBe('超过 10,000 条');
    expect(totalText(10_000, true, '人')).toBe('超过 10,000 人');
  });

  it('the pager shows the same words', () => {
    const onChange = () => undefined;
    const exact = serverPaging({ pageNum: 1, pageSize: 10, total: 42, onChange });
    const capped = serverPaging({ pageNum: 1, pageSize: 10, total: 10_000, capped: true, unit: '人', onChange });
    expect(exact.showTotal?.(42, [1, 10])).toBe('共 42 条');
    expect(capped.showTotal?.(10_000, [1, 10])).toBe('超过 10,000 人');
  });
});
