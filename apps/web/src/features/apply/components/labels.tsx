import { Tag } from 'antd';
import { type ApplicationState, yuan } from '@hall/shared/enrolment/index.ts';

/** Colour per state: blue waiting on someone, orange to pay, green done, red returned, grey ended. */
const STATE_COLORS: Record<ApplicationState, string> = {
  draft: 'default',
  submitted: 'processing',
  returned: 'error',
  unpaid: 'warning',
  paid: 'cyan',
  effective: 'success',
  cancelled: 'default',
};

export function StateTag({ state, label }: { state: ApplicationState; label: string }) {
  return (
    <Tag color={STATE_COLORS[state]} data-state={state}>
      {label}
    </Tag>
  );
}

/** ¥1,234.00 from fen. */
export const money = (fen: number) => `¥${yuan(fen)}`;

export const GENDER_LABELS: Record<string, string> = { '1': '男', '2': '女' };
