/**
 * The resolver's speed (its target: 10,000 terminals over 7 days in
 * under 1 s). Not a test: run it by hand,
 *   npx tsx packages/schedule/test/perf-resolve.ts [terminals] [days]
 */
import { planConflicts, resolveAt, resolveRange } from "../src";
import { fleet, item } from "./fixtures";

const terminals = Number(process.argv[2] ?? 10_000);
const days = Number(process.argv[3] ?? 7);
const inputs = fleet(terminals, "2025-03-27");
const from = Date.parse("2025-03-27T00:00:00Z"); // spans the European DST change of 2025-03-30
const to = from + days * 86_400_000;

// One warm-up pass so the figure is the steady speed (JIT, zone offsets kept), as in a running server.
for (const input of inputs.slice(0, 200)) resolveRange(input, from, to);

let segments = 0;
const runs: string[] = [];
for (let run = 0; run < 3; run++) {
  // CPU time beside wall time: on a shared machine the wall clock also counts the others' work.
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  segments = 0;
  for (const input of inputs) segments += resolveRange(input, from, to).length;
  const cpu = process.cpuUsage(c0);
  runs.push(
    `${(performance.now() - t0).toFixed(0)} ms (cpu ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms)`,
  );
}
const items = inputs.reduce((n, i) => n + i.plans.reduce((m, p) => m + p.items.length, 0), 0);
console.log(
  `resolveRange: ${terminals} terminals, ${items} items, ${days} days: ${runs.join(" / ")}, ${segments} segments`,
);

const t1 = performance.now();
let until = 0;
for (const input of inputs) if (resolveAt(input, from + 3_600_000 * 13).until !== null) until++;
console.log(
  `resolveAt: ${terminals} terminals: ${(performance.now() - t1).toFixed(0)} ms (${until} with a next boundary)`,
);

const big = Array.from({ length: 500 }, (_, i) =>
  item(`x${i}`, {
    startDate: `2025-0${1 + (i % 9)}-01`,
    endDate: i % 3 === 0 ? null : `2026-0${1 + (i % 9)}-28`,
    weekdays: [1 + (i % 7), 1 + ((i + 3) % 7)],
    windows: [
      { start: `${String(i % 24).padStart(2, "0")}:00`, end: `${String((i + 2) % 24).padStart(2, "0")}:30` },
      { start: "12:00", end: "12:15" },
    ],
    tier: i % 2 === 0 ? "normal" : "high",
  }),
);
const t2 = performance.now();
const conflicts = planConflicts(big).length;
console.log(`planConflicts: 500 items: ${(performance.now() - t2).toFixed(0)} ms (${conflicts} conflicts)`);
