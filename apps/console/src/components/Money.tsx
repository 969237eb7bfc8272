import { yuan } from '@hall/shared/enrolment/index.ts';

/** An amount of fen as ¥ yuan with two decimals, in figures of one width so a column of them lines up. */
export const Money = ({ fen }: { fen: number }) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>¥{yuan(fen)}</span>;
