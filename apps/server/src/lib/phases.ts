/**
 * Milliseconds per named phase of a long operation (the settlement load's profile, printed by
 * bench/settlement-load.ts). Optional everywhere: without a sink nothing is measured.
 */
export type Phases = Record<string, number>;

export async function phase<T>(phases: Phases | undefined, name: string, run: () => Promise<T>): Promise<T> {
  if (!phases) return run();
  const t = performance.now();
  try {
    return await run();
  } finally {
    phases[name] = (phases[name] ?? 0) + performance.now() - t;
  }
}
