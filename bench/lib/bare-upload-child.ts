import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pipeline } from "node:stream/promises";

/**
 * The upload baseline, run as a child process like the real server: a bare
 * node:http server on a random loopback port that streams each POST /upload
 * body to a new file in `dir`, counting its bytes and, with ?md5=1, computing
 * its MD5 on the way (the same pattern as the real chunk receiver: a "data"
 * listener beside a pipeline to an fs write stream). With ?md5=2 it computes
 * two MD5s of every byte on the way (what hashing each byte twice costs when
 * both are done on receipt). Answers `{ size, md5, file }` once the file is
 * written and closed.
 */
export interface BareJob {
  dir: string;
}

export interface BareReady {
  port: number;
}

export interface BareAnswer {
  size: number;
  md5: string | null;
  file: string;
}

// Never outlive the benchmark: when it goes, the IPC channel closes. A Ctrl-C in the terminal
// reaches this process too; the benchmark's cleanup stops it (SIGTERM), after what is in flight.
process.once("disconnect", () => process.exit(1));
for (const signal of ["SIGINT", "SIGHUP"] as const) process.on(signal, () => undefined);
process.once("message", (job: BareJob) => {
  let received = 0;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method !== "POST" || url.pathname !== "/upload") {
      res.writeHead(404, { "content-length": 0 }).end();
      return;
    }
    const file = path.join(job.dir, `received-${++received}`);
    const hashes = Number(url.searchParams.get("md5") ?? 0);
    const hash = hashes >= 1 ? createHash("md5") : undefined;
    const second = hashes >= 2 ? createHash("md5") : undefined;
    let size = 0;
    req.on("data", (c: Buffer) => {
      hash?.update(c);
      second?.update(c);
      size += c.length;
    });
    pipeline(req, createWriteStream(file)).then(
      () => {
        const md5 = hash?.digest("hex") ?? null;
        if (second && second.digest("hex") !== md5) throw new Error("the two MD5s differ");
        const answer: BareAnswer = { size, md5, file };
        const body = JSON.stringify(answer);
        res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
        res.end(body);
      },
      (err: unknown) => {
        const body = `the bare server failed: ${String(err)}`;
        res.writeHead(500, { "content-type": "text/plain", "content-length": Buffer.byteLength(body) });
        res.end(body);
      },
    );
  });
  server.listen(0, "127.0.0.1", () => {
    const ready: BareReady = { port: (server.address() as AddressInfo).port };
    process.send?.(ready);
  });
});
