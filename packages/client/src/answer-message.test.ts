import { describe, expect, it } from 'vitest';
import { displayMessage } from './answer-message.ts';

describe('displayMessage (R53)', () => {
  it.each([
    ['系统繁忙，请联系管理员。异常流水号：abc123', '系统繁忙，请联系管理员'],
    ['保存失败，请联系管理员（异常流水号：req-9）', '保存失败，请联系管理员'],
    ['查询失败，请联系管理员 ref 77', '查询失败，请联系管理员'],
    ['处理失败。异常流水号:x1', '处理失败'],
    ['账号或密码错误', '账号或密码错误'],
    ['', ''],
    [undefined, ''],
  ])('%s → %s', (input, expected) => {
    expect(displayMessage(input)).toBe(expected);
  });
});
