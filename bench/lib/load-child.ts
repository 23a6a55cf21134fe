import autocannon from "autocannon";

/** One call of a mixed load: its own headers (the caller's session) and, for a write, a body. */
export interface MixedRequest {
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** One autocannon run, as sent to the child process. */
export interface LoadJob {
  origin: string;
  paths: string[];
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  /**
   * A mixed load instead of `paths`: all connections together take these in
   * turn (one shared position), so they interleave as many users' calls do.
   */
  mixed?: MixedRequest[];
}

/** What the child answers. */
export interface LoadSummary {
  requestsPerSec: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

// A child process, not a worker thread: autocannon in a worker thread hands
// back raw histograms for its own aggregator instead of a result.

// Never outlive the benchmark: when it goes, the IPC channel closes.
process.once("disconnect", () => process.exit(1));
process.once("message", async (job: LoadJob) => {
  if (!job.origin.startsWith("http://127.0.0.1:"))
    throw new Error(`refusing a non-loopback target ${job.origin}`);
  const mixed = job.mixed;
  let next = 0;
  const result = await autocannon({
    url: job.origin,
    connections: job.connections,
    duration: job.seconds,
    timeout: 10,
    headers: job.headers,
    requests: mixed
      ? [
          {
            setupRequest: (req) => {
              const r = mixed[next++ % mixed.length];
              return r ? { ...req, ...r, headers: { ...req.headers, ...r.headers } } : req;
            },
          },
        ]
      : // Each connection cycles through these in order.
        job.paths.map((path) => ({ method: "GET" as const, path })),
  });
  const summary: LoadSummary = {
    requestsPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
  process.send?.(summary);
});
