import { existsSync, mkdirSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A share of one core for a process, through the cgroup v1 `cpu` controller's bandwidth limit
 * (CFS quota): the process may run `share` of each 10 ms period, whatever it asks for. Used to
 * give server processes a fraction of a core each where the machine has too few cores for them
 * and their load generator (bench/processes.ts `--core-share`). A cgroup v2-only machine, or one
 * whose cgroups are read-only, cannot: `canShareCores` says so, and the bench refuses to start.
 */
const CPU_CGROUPS = '/sys/fs/cgroup/cpu';
/** Short, so that a process past its share pauses for a few milliseconds, not for tens while it holds a lock the other wants. */
const PERIOD_US = 10_000;

export const canShareCores = existsSync(join(CPU_CGROUPS, 'cgroup.procs'));

/** Puts `pid` (and the threads it starts later) in a cgroup of its own limited to `share` of a core; answers its removal, for once the process has exited. */
export function limitToShare(pid: number, share: number): () => void {
  if (!(share > 0 && share <= 1)) throw new RangeError(`a core's share is in (0, 1], not ${share}`);
  const group = join(CPU_CGROUPS, `hub-bench-${pid}`);
  mkdirSync(group);
  writeFileSync(join(group, 'cpu.cfs_period_us'), String(PERIOD_US));
  writeFileSync(join(group, 'cpu.cfs_quota_us'), String(Math.round(share * PERIOD_US)));
  writeFileSync(join(group, 'cgroup.procs'), String(pid));
  return () => rmdirSync(group);
}
