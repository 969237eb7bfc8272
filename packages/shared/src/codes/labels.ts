/** Display labels of spec §4 (R33); an empty value shows as 无. */
export const EMPTY_LABEL = '无';

export const AUTHORIZATION_LABELS: Record<string, string> = { '1': '已授权', '2': '已解除授权' };
export const NOTIFICATION_LABELS: Record<string, string> = {
  '0': '未通知',
  '1': '已通知',
  '2': '已撤销申报',
  '3': '已申报',
};

function labelOf(table: Record<string, string>, value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY_LABEL;
  return table[String(value)] ?? EMPTY_LABEL;
}

export const authorizationLabel = (value: unknown) => labelOf(AUTHORIZATION_LABELS, value);
export const notificationLabel = (value: unknown) => labelOf(NOTIFICATION_LABELS, value);
