/** Reference computations for the validation tests, independent of the code under test. */

// Independent reference computations, so that a test ID or code fails for one reason only.
/** ISO 7064 MOD 11-2 check character of a citizen ID's first 17 digits. */
export function withIdCheck(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((acc, c, i) => acc + Number(c) * weights[i], 0);
  return first17 + '10X98765432'[sum % 11];
}
/** GB 32100-2015 check character of a USCC's first 17 characters. */
export function withUsccCheck(first17: string): string {
  const charset = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const sum = [...first17].reduce((acc, c, i) => acc + charset.indexOf(c) * weights[i], 0);
  return first17 + charset[(31 - (sum % 31)) % 31];
}

/** A fixed "today" (local 2024-06-15) for birth dates that must not be in the future. */
export const TODAY = new Date(2024, 5, 15);
