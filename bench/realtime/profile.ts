// Summarises the V8 CPU profiles a `BENCH_CPU_PROF=dir` run of bench/realtime.ts leaves in `dir`: the
// functions with the most self time and the most total (inclusive) time, per profile.
//   node --import tsx bench/realtime/profile.ts <dir-or-file.cpuprofile> [top=25]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const target = process.argv[2];
const top = Number(process.argv[3] ?? 25);
if (!target) throw new Error('usage: profile.ts <dir-or-file.cpuprofile> [top]');
const files = statSync(target).isDirectory()
  ? readdirSync(target)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => path.join(target, f))
  : [target];

const label = (n: ProfileNode) => {
  const { functionName, url, lineNumber } = n.callFrame;
  const short = url
    .replace(/^file:\/\//, '')
    .replace(/^.*node_modules\//, '~/')
    .replace(process.cwd(), '.');
  return `${functionName || '(anonymous)'} ${short ? `${short}:${lineNumber + 1}` : ''}`.trim();
};

for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let all = 0;
  for (const [i, id] of profile.samples.entries()) {
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    all += dt;
    const node = byId.get(id)!;
    self.set(label(node), (self.get(label(node)) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const l = label(byId.get(at)!);
      if (seen.has(l)) continue;
      seen.add(l);
      total.set(l, (total.get(l) ?? 0) + dt);
    }
  }
  const idle = self.get('(idle)') ?? 0;
  console.log(
    `\n${path.basename(file)}: ${(all / 1000).toFixed(1)} s sampled, ${((all - idle) / 1000).toFixed(1)} s busy`,
  );
  const print = (title: string, map: Map<string, number>) => {
    console.log(`  ${title}:`);
    for (const [l, t] of [...map]
      .filter(([l]) => l !== '(idle)' && l !== '(root)')
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)) {
      console.log(
        `    ${t.toFixed(0).padStart(7)} ms ${((100 * t) / (all - idle)).toFixed(1).padStart(5)} %  ${l}`,
      );
    }
  };
  print('self time', self);
  print('total time', total);
}
