import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

// CPU time of processes from /proc (Linux): what a piece of work cost the processes that did it,
// whatever it waited for. Under a closed loop of clients, a rate moves with every wait on the
// machine (the host's other tenants, the disk's flushes); the CPU an order took moves much less, so
// two builds compare by it in runs where their rates overlap.

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

interface Stat {
  name: string;
  parent: number;
  /** user + system, and the same of children already reaped, in clock ticks. */
  ticks: number;
}

function statOf(pid: number): Stat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name: state is 3, parent 4, utime 14, stime 15, cutime 16, cstime 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
    return { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), parent: Number(fields[1]), ticks };
  } catch {
    return undefined; // Gone meanwhile.
  }
}

function allProcesses(): Map<number, Stat> {
  const stats = new Map<number, Stat>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = statOf(Number(entry));
    if (stat) stats.set(Number(entry), stat);
  }
  return stats;
}

/** The clock ticks of `pid` and every process under it, in `stats`. */
function treeTicks(stats: ReadonlyMap<number, Stat>, pid: number): number {
  const tree = [pid];
  for (let index = 0; index < tree.length; index++) for (const [child, stat] of stats) if (stat.parent === tree[index]) tree.push(child);
  return tree.reduce((sum, member) => sum + (stats.get(member)?.ticks ?? 0), 0);
}

const toMs = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND;

/** CPU time (user + system, with that of children already reaped) of a process and every process under it, in ms. */
export function cpuMsOfTree(pid: number): number {
  return toMs(treeTicks(allProcesses(), pid));
}

/**
 * CPU time of every process named `name` whose parent is not (PostgreSQL's server: `postgres`,
 * with its backends and helpers under it, including those that exited since), in ms.
 */
export function cpuMsOfNamed(name: string): number {
  const stats = allProcesses();
  const roots = [...stats].filter(([, stat]) => stat.name === name && stats.get(stat.parent)?.name !== name);
  return toMs(roots.reduce((sum, [pid]) => sum + treeTicks(stats, pid), 0));
}

/** The CPU pieces of work took, added up, in ms: in a server's process tree, and on PostgreSQL in the database's processes. */
export class CpuSpent {
  server = 0;
  database = 0;

  constructor(readonly postgres: boolean) {}

  /** Runs `work`, adding what the process `pid` (with its tree) and PostgreSQL's processes spent meanwhile. */
  async add<T>(pid: number, work: () => Promise<T>): Promise<T> {
    const database = () => (this.postgres ? cpuMsOfNamed('postgres') : 0);
    const before = { server: cpuMsOfTree(pid), database: database() };
    const result = await work();
    this.server += cpuMsOfTree(pid) - before.server;
    this.database += database() - before.database;
    return result;
  }
}

/**
 * The benches' line of the CPU `count` pieces of work took each, `ours` against `floor`'s:
 * "<name> 2.00 in the server + 1.77 in PostgreSQL; floor 1.02 + 1.68; <name> to floor 1.95× in the
 * server, 1.06× in PostgreSQL" (no PostgreSQL parts on SQLite).
 */
export function cpuAgainstFloor(name: string, ours: CpuSpent, floor: CpuSpent, count: number): string {
  const each = (ms: number) => (ms / count).toFixed(2);
  const onPostgres = ours.postgres;
  return (
    `${name} ${each(ours.server)} in the server${onPostgres ? ` + ${each(ours.database)} in PostgreSQL` : ''}; ` +
    `floor ${each(floor.server)}${onPostgres ? ` + ${each(floor.database)}` : ''}; ` +
    `${name} to floor ${(ours.server / floor.server).toFixed(2)}× in the server` +
    (onPostgres ? `, ${(ours.database / floor.database).toFixed(2)}× in PostgreSQL` : '')
  );
}
