import { fork } from "node:child_process";
import type { LoadJob, LoadSummary } from "./load-child";

const tsxLoader = import.meta.resolve("tsx");
const childFile = new URL("./load-child.ts", import.meta.url).pathname;

/** Runs autocannon in a child process, off the servers' event loop; kills it 30 s after the planned end. */
export function runLoad(job: LoadJob): Promise<LoadSummary> {
  return new Promise((resolve, reject) => {
    const child = fork(childFile, [], { execArgv: ["--import", tsxLoader], stdio: "inherit" });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      if (child.exitCode === null) child.kill();
    };
    const timer = setTimeout(
      () => settle(() => reject(new Error(`the load run did not finish within ${job.seconds + 30} s`))),
      (job.seconds + 30) * 1000,
    );
    child.once("message", (summary: LoadSummary) => settle(() => resolve(summary)));
    child.once("error", (err) => settle(() => reject(err)));
    child.once("exit", (code) => settle(() => reject(new Error(`the load process exited with ${code}`))));
    child.send(job);
  });
}

function assertClean(job: Omit<LoadJob, "seconds">, summary: LoadSummary): LoadSummary {
  if (summary.non2xx > 0 || summary.errors > 0 || summary.timeouts > 0 || summary.total === 0) {
    throw new Error(
      `load on ${job.origin}${job.paths[0]}: ${summary.total} requests, ${summary.non2xx} non-2xx, ` +
        `${summary.errors} errors, ${summary.timeouts} timeouts`,
    );
  }
  return summary;
}

/** Warm-up (not counted), then the measured run; fails on any error or non-2xx answer in either. */
export async function measure(
  job: Omit<LoadJob, "seconds">,
  warmSeconds: number,
  seconds: number,
  onMeasuring: () => void = () => undefined,
): Promise<LoadSummary> {
  assertClean(job, await runLoad({ ...job, seconds: warmSeconds }));
  onMeasuring();
  return assertClean(job, await runLoad({ ...job, seconds }));
}
