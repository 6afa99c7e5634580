/**
 * `npm run bench:profile [file.cpuprofile | folder]`: the top self times of a V8 CPU profile (what BENCH_PROFILE=1
 * has the BFF write under bench/output/profiles), by function and by package, printed and written beside the profile
 * as <name>.top.txt. A flame graph needs a browser (speedscope, Chrome DevTools open the .cpuprofile as is); this is
 * the part a terminal can read. Idle time is left out of the shares: they are of the CPU the process used.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repo } from './processes.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const TOP = Number(process.env.BENCH_TOP ?? 25);

/** The newest .cpuprofile under `path` (a file is taken as is). */
function newestProfile(path: string): string {
  if (statSync(path).isFile()) return path;
  const found: { file: string; at: number }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (name.endsWith('.cpuprofile')) found.push({ file, at: statSync(file).mtimeMs });
    }
  };
  walk(path);
  found.sort((a, b) => b.at - a.at);
  if (!found[0]) throw new Error(`no .cpuprofile under ${path}`);
  return found[0].file;
}

/** Where a function lives: a package of node_modules, one of ours, node itself, or V8's own entries. */
function areaOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const path = url.replace(/^file:\/\//, '');
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (inModules) return inModules[1] as string;
  const ours = /\/(apps\/[^/]+|packages\/[^/]+)\//.exec(path);
  return ours ? (ours[1] as string) : relative(repo, path);
}

/**
 * A function's file (and line, when the profile knows it: code tsx compiled on the fly reports every function of
 * ours at line 0, so those show the file alone).
 */
function placeOf(url: string, lineNumber: number): string {
  const path = relative(repo, url.replace(/^file:\/\//, ''));
  return lineNumber > 0 ? `${path}:${lineNumber + 1}` : path;
}

function summarize(file: string): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const fns = new Map<string, number>();
  const areas = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = (byId.get(id) as ProfileNode).callFrame;
    if (functionName === '(idle)') {
      idle += us;
      continue;
    }
    busy += us;
    const where = url ? placeOf(url, lineNumber) : '';
    const key = `${functionName || '(anonymous)'}  ${where}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
    const area = areaOf(url, functionName);
    areas.set(area, (areas.get(area) ?? 0) + us);
  }
  // Inclusive time of our own functions (apps/, packages/): what each costs with what it calls, synchronously.
  const total = new Map<number, number>();
  const inclusive = (node: ProfileNode): number => {
    const known = total.get(node.id);
    if (known !== undefined) return known;
    let us = self.get(node.id) ?? 0;
    for (const child of node.children ?? []) us += inclusive(byId.get(child) as ProfileNode);
    total.set(node.id, us);
    return us;
  };
  const ours = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    if (!/\/(apps|packages)\//.test(url) || url.includes('node_modules')) continue;
    const key = `${functionName || '(anonymous)'}  ${placeOf(url, lineNumber)}`;
    ours.set(key, (ours.get(key) ?? 0) + inclusive(node));
  }
  const share = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)}%`;
  const rows = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `  ${share(us)} ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`);
  return [
    `CPU profile ${relative(repo, file)}: ${(busy / 1e6).toFixed(1)} s on CPU, ${(idle / 1e6).toFixed(1)} s idle`,
    '',
    `Top ${TOP} functions by self time (share of CPU used):`,
    ...rows(fns, TOP),
    '',
    'By package (self time):',
    ...rows(areas, 20),
    '',
    'Our functions by total time (self + what they call synchronously; nested ones counted in each):',
    ...rows(ours, TOP),
  ].join('\n');
}

const file = newestProfile(process.argv[2] ?? join(repo, 'bench/output/profiles'));
const text = summarize(file);
writeFileSync(file.replace(/\.cpuprofile$/, '.top.txt'), `${text}\n`);
process.stdout.write(`${text}\n`);
