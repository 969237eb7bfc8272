/** A rate of 0–1 as a per cent with two decimals; none (nothing due or received): —. */
export const percent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(2)}%`);
