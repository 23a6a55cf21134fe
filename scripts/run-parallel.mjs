#!/usr/bin/env node
/**
 * Runs independent test commands side by side and fails if any fails: `node scripts/run-parallel.mjs
 * "<command>" "<command>" …`. Each command's output is kept and printed whole when it ends (two vitest
 * reporters interleaved line by line are unreadable), with a line every minute saying what still runs.
 * The suites it is given must not share state: each vitest run starts its own PostgreSQL (or makes its own
 * databases on DATABASE_URL) and its own servers on free ports.
 */
import { spawn } from "node:child_process";

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs "<command>" ["<command>" …]');
  process.exit(2);
}

const started = Date.now();
const seconds = () => Math.round((Date.now() - started) / 1000);
const running = new Set(commands);

const runs = commands.map(
  (command) =>
    new Promise((resolve) => {
      const chunks = [];
      const child = spawn(command, { shell: true, stdio: ["ignore", "pipe", "pipe"], env: process.env });
      child.stdout.on("data", (c) => chunks.push(c));
      child.stderr.on("data", (c) => chunks.push(c));
      const stop = () => child.kill("SIGTERM");
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
      child.on("close", (code, signal) => {
        running.delete(command);
        const ok = code === 0;
        process.stdout.write(
          `\n=== ${command} (${ok ? "passed" : `failed: ${signal ?? `exit ${code}`}`}, ${seconds()} s)\n`,
        );
        process.stdout.write(Buffer.concat(chunks));
        resolve(ok);
      });
    }),
);

const ticker = setInterval(() => {
  console.log(`… ${seconds()} s: still running ${[...running].join(" | ")}`);
}, 60_000);

const results = await Promise.all(runs);
clearInterval(ticker);
const failed = commands.filter((_, i) => !results[i]);
console.log(
  failed.length === 0
    ? `\nall ${commands.length} passed in ${seconds()} s`
    : `\nFAILED (${seconds()} s): ${failed.join(" | ")}`,
);
process.exit(failed.length === 0 ? 0 : 1);
