import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * CPU profiles of a benchmark's server (`node --cpu-prof`) read per phase.
 *
 * V8 stamps a profile's samples with the monotonic clock (microseconds), the
 * clock of `process.hrtime` in every process of the machine: a benchmark
 * notes its phases on that clock (`PhaseMarks`), and `summarise` adds up the
 * self time of each function between two marks. Run this file with the
 * profile directory to print the summary of the newest profile in it:
 * `npx tsx bench/lib/cpu-profile.ts <dir> [top]`.
 */

/** The node options that make a child write its CPU profile into `dir` when it exits. */
export function cpuProfArgs(dir: string): string {
  mkdirSync(dir, { recursive: true });
  return `--cpu-prof --cpu-prof-dir=${dir}`;
}

/** `epochMs` (ms since the epoch, fractional) on the monotonic clock, in microseconds. */
export function monoUs(epochMs: number): number {
  const nowMono = Number(process.hrtime.bigint() / 1000n);
  const nowEpoch = performance.timeOrigin + performance.now();
  return nowMono - (nowEpoch - epochMs) * 1000;
}

/** Named instants of a run (epoch ms), kept in `<dir>/phases.json` on the monotonic clock. */
export class PhaseMarks {
  private readonly marks: Array<{ name: string; us: number }> = [];

  constructor(private readonly dir: string | undefined) {
    if (dir) mkdirSync(dir, { recursive: true });
  }

  mark(name: string, epochMs: number): void {
    if (!this.dir) return;
    this.marks.push({ name, us: monoUs(epochMs) });
    writeFileSync(path.join(this.dir, "phases.json"), JSON.stringify(this.marks));
  }
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const short = (url: string) =>
  url
    .replace(/^file:\/\//, "")
    .replace(/^.*\/node_modules\//, "~/")
    .replace(/^.*\/(apps|packages|tools)\//, "$1/");

/** Self time per function (ms) between each pair of consecutive marks. */
export function summarise(profile: Profile, marks: Array<{ name: string; us: number }>, top = 20): string {
  const label = new Map<number, string>();
  for (const n of profile.nodes) {
    const f = n.callFrame;
    label.set(
      n.id,
      `${f.functionName || "(anonymous)"} ${short(f.url)}${f.url ? `:${f.lineNumber + 1}` : ""}`,
    );
  }
  const out: string[] = [];
  for (let p = 0; p + 1 < marks.length; p++) {
    const from = marks[p]?.us ?? 0;
    const to = marks[p + 1]?.us ?? 0;
    const self = new Map<string, number>();
    const byFile = new Map<string, number>();
    let t = profile.startTime;
    let total = 0;
    let idle = 0;
    profile.samples.forEach((id, i) => {
      const dt = profile.timeDeltas[i] ?? 0;
      t += dt;
      if (t < from || t > to) return;
      const name = label.get(id) ?? String(id);
      if (name.startsWith("(idle)")) {
        idle += dt;
        return;
      }
      total += dt;
      self.set(name, (self.get(name) ?? 0) + dt);
      const file = name.split(" ")[1]?.replace(/:\d+$/, "") || name;
      byFile.set(file, (byFile.get(file) ?? 0) + dt);
    });
    const ms = (us: number) => (us / 1000).toFixed(1).padStart(8);
    out.push(
      `\n== ${marks[p]?.name} -> ${marks[p + 1]?.name}: ${((to - from) / 1000).toFixed(0)} ms wall, ` +
        `${(total / 1000).toFixed(0)} ms on the CPU, ${(idle / 1000).toFixed(0)} ms idle`,
    );
    out.push("  self time by function:");
    for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
      out.push(`  ${ms(us)} ms  ${name}`);
    out.push("  self time by file:");
    for (const [name, us] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, top))
      out.push(`  ${ms(us)} ms  ${name}`);
  }
  return out.join("\n");
}

/** The main thread's profile of the newest process in `dir`, summarised by the phases the benchmark noted there. */
export function summariseDir(dir: string, top = 20): string {
  // CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: thread 0 is the main thread.
  const files = readdirSync(dir)
    .filter((f) => /\.0\.\d+\.cpuprofile$/.test(f))
    .map((f) => path.join(dir, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  const file = files[0];
  if (!file) throw new Error(`no .cpuprofile in ${dir}`);
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const marks = JSON.parse(readFileSync(path.join(dir, "phases.json"), "utf8")) as Array<{
    name: string;
    us: number;
  }>;
  return `${file}${summarise(profile, marks, top)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) throw new Error("usage: tsx bench/lib/cpu-profile.ts <dir> [top]");
  console.log(summariseDir(dir, Number(process.argv[3] ?? 20)));
}
