#!/usr/bin/env node
/**
 * Runs independent test commands side by side and fails if any fails: `node scripts/run-parallel.mjs
 * "<command>" "<command>" …`. Each command's output is kept and printed whole when it ends (two vitest
 * reporters interleaved line by line are unreadable), with a line every minute saying what still runs.
 * The suites it is given must not share state: each vitest run starts its own PostgreSQL (or makes its own
 * databases on DATABASE_URL) and its own servers on free ports.
 */
import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs "<command>" ["<command>" …]');
  process.exit(2);
}

const started = Date.now();
const seconds = () => Math.round((Date.now() - started) / 1000);
const running = new Set(commands);
const dir = mkdtempSync(path.join(tmpdir(), "run-parallel-"));

const runs = commands.map(
  (command, i) =>
    new Promise((resolve) => {
      // Each command writes into a file of its own, not a pipe: a process that ends with process.exit()
      // (vitest after a failure does) loses what it still had queued for a pipe, its summary among it.
      const log = path.join(dir, `${i}.log`);
      const fd = openSync(log, "w");
      const child = spawn(command, { shell: true, stdio: ["ignore", fd, fd], env: process.env });
      closeSync(fd);
      const stop = () => child.kill("SIGTERM");
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
      child.on("close", (code, signal) => {
        running.delete(command);
        const ok = code === 0;
        process.stdout.write(
          `\n=== ${command} (${ok ? "passed" : `failed: ${signal ?? `exit ${code}`}`}, ${seconds()} s)\n`,
        );
        process.stdout.write(readFileSync(log));
        resolve(ok);
      });
    }),
);

const ticker = setInterval(() => {
  console.log(`… ${seconds()} s: still running ${[...running].join(" | ")}`);
}, 60_000);

const results = await Promise.all(runs);
clearInterval(ticker);
rmSync(dir, { recursive: true, force: true });
const failed = commands.filter((_, i) => !results[i]);
console.log(
  failed.length === 0
    ? `\nall ${commands.length} passed in ${seconds()} s`
    : `\nFAILED (${seconds()} s): ${failed.join(" | ")}`,
);
// Not process.exit(): it would cut off what is still queued for a pipe (CI pipes this output). Node exits
// with this code once everything is written.
process.exitCode = failed.length === 0 ? 0 : 1;
