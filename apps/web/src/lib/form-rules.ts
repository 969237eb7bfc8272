import type { RuleObject } from 'antd/es/form';
import { isBlank } from '@hall/shared/validation/text.ts';

type Check = (value: unknown) => string | null;

/**
 * An antd form rule from a shared check (packages/shared/validation): the same messages on
 * the screen and from the server. With `required`, a blank value gets that message first.
 */
export function checkRule(check: Check, required?: string): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      if (isBlank(value)) {
        if (required) throw new Error(required);
        return;
      }
      const message = check(value);
      if (message) throw new Error(message);
    },
  };
}
