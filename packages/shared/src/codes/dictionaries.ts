/** Dictionary types the server seeds and the portal reads (one query key per type on the client). */
export const DictType = {
  CERT_TYPE: 'CERT_TYPE',
  GENDER: 'GENDER',
  PSN_TYPE: 'PSN_TYPE',
  UNI_TYPE: 'UNI_TYPE',
  APPLY_STATUS: 'APPLY_STATUS',
  CLAIM_STATUS: 'CLAIM_STATUS',
  PRODUCT: 'PRODUCT',
  SUBSIDY_TYPE: 'SUBSIDY_TYPE',
  HOSP_LEVEL: 'HOSP_LEVEL',
  AUTH_STATE: 'AUTH_STATE',
  NOTIFY_STATE: 'NOTIFY_STATE',
  EMP_TYPE: 'EMP_TYPE',
} as const;

export const DICT_TYPES: readonly string[] = Object.values(DictType);

export interface DictEntry {
  label: string;
  value: string;
}
