/**
 * Reads a V8 CPU profile (`--cpu-prof`, as BENCH_CPU_PROF=<folder> makes the bench server write
 * one) and prints where the busy time went: the functions with the most self time, the same by
 * package (node_modules/<name>, or the portal's own folder), and, for each --match, the share of
 * samples whose stack holds a frame matching it (inclusive time, each sample counted once). A
 * stack is what ran synchronously: after an `await` it starts again from the microtask, so an
 * async function's callers are not on it.
 *
 *   npx tsx bench/profile-summary.ts <file.cpuprofile> [--top 30] [--match 'changeOrderStatus'] [--match 'knex/lib/execution']
 *
 * Shares are of the busy time: samples outside "(idle)" and "(program)"; "(garbage collector)"
 * counts as busy.
 */
import { readFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const file = args.find((argument, index) => !argument.startsWith('--') && !args[index - 1]?.startsWith('--'));
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [--top N] [--match regex]…');
const topAt = args.indexOf('--top');
const top = (topAt >= 0 ? Number(args[topAt + 1]) : 30) || 30;
const matches = args.flatMap((argument, index) => (argument === '--match' ? [new RegExp(args[index + 1] ?? '')] : []));

const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

const IDLE = new Set(['(idle)', '(program)']);
const frameName = (frame: CallFrame) => `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
function shortUrl(url: string): string {
  const inModules = url.lastIndexOf('node_modules/');
  if (inModules >= 0) return url.slice(inModules + 'node_modules/'.length);
  return url.replace(/^file:\/\/.*?\/(server|data|bench|src)\//, '$1/');
}
function packageOf(frame: CallFrame): string {
  if (!frame.url) return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  const inModules = frame.url.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const rest = frame.url.slice(inModules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? '?');
  }
  if (frame.url.startsWith('node:')) return 'node:internal';
  return shortUrl(frame.url).split(':')[0] ?? frame.url;
}

const selfTime = new Map<string, number>();
const packageTime = new Map<string, number>();
const matched = matches.map(() => 0);
let busy = 0;
profile.samples.forEach((sample, index) => {
  const node = byId.get(sample);
  const delta = profile.timeDeltas[index] ?? 0;
  if (!node || IDLE.has(node.callFrame.functionName)) return;
  busy += delta;
  const name = frameName(node.callFrame);
  const owner = packageOf(node.callFrame);
  selfTime.set(name, (selfTime.get(name) ?? 0) + delta);
  packageTime.set(owner, (packageTime.get(owner) ?? 0) + delta);
  if (matches.length === 0) return;
  const hit = matches.map(() => false);
  for (let at: number | undefined = node.id; at !== undefined; at = parentOf.get(at)) {
    const frame = byId.get(at)?.callFrame;
    if (!frame) break;
    const text = `${frame.functionName} ${frame.url}`;
    matches.forEach((pattern, which) => (hit[which] ||= pattern.test(text)));
  }
  hit.forEach((yes, which) => (matched[which] = (matched[which] ?? 0) + (yes ? delta : 0)));
});

const percent = (time: number) => `${((100 * time) / busy).toFixed(1)} %`;
const table = (title: string, entries: Map<string, number>) => {
  console.log(`\n| ${title} | share of busy time |\n|---|---|`);
  for (const [name, time] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`| ${name} | ${percent(time)} |`);
};
console.log(
  `busy: ${(busy / 1e6).toFixed(2)} s of ${(profile.timeDeltas.reduce((sum, delta) => sum + delta, 0) / 1e6).toFixed(2)} s sampled`,
);
table('function (self)', selfTime);
table('package (self)', packageTime);
if (matches.length > 0) {
  console.log('\n| stack holds | share of busy time |\n|---|---|');
  matches.forEach((pattern, which) => console.log(`| ${pattern.source} | ${percent(matched[which] ?? 0)} |`));
}
