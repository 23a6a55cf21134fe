/**
 * Deterministic kill points for the crash tests: with `MARQUEE_CRASH_AT=<step>` in its environment the
 * process kills itself (SIGKILL, as `kill -9` would) when it reaches that named step, so a test can cut
 * a write exactly where a real crash could. Unset (always, outside those tests), it does nothing.
 */
const crashAt = process.env.MARQUEE_CRASH_AT ?? "";

export function crashPoint(step: string): void {
  if (crashAt && crashAt === step) process.kill(process.pid, "SIGKILL");
}
