/**
 * Milliseconds per named phase of a long operation (the settlement load's profile, printed by
 * bench/settlement-load.ts). Optional everywhere: without a sink nothing is measured. A benchmark
 * may also attach CPU clocks to the sink (`measureCpu`, running totals in seconds by name, e.g. node
 * and the database's backends): each phase then adds what each advanced under `<name> [<clock>]`
 * (on a shared machine the wall time mostly measures the others).
 */
export type Phases = Record<string, number>;

type CpuClocks = () => Record<string, number>;
const cpuClocks = new WeakMap<Phases, CpuClocks>();

/** Every phase recorded in `phases` from now on also records the seconds each clock of `cpu` advanced. */
export function measureCpu(phases: Phases, cpu: CpuClocks) {
  cpuClocks.set(phases, cpu);
}

export async function phase<T>(phases: Phases | undefined, name: string, run: () => Promise<T>): Promise<T> {
  if (!phases) return run();
  const cpu = cpuClocks.get(phases);
  const cpu0 = cpu?.();
  const t = performance.now();
  try {
    return await run();
  } finally {
    phases[name] = (phases[name] ?? 0) + performance.now() - t;
    if (cpu && cpu0) {
      const cpu1 = cpu();
      for (const clock of Object.keys(cpu1)) {
        const key = `${name} [${clock}]`;
        phases[key] = (phases[key] ?? 0) + cpu1[clock] - (cpu0[clock] ?? 0);
      }
    }
  }
}
