import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A real webhook endpoint for the tests: an HTTP server on 127.0.0.1 that records what it receives. */

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** When it arrived (ms since the epoch). */
  receivedAt: number;
  json: {
    id: string;
    type: string;
    time: string;
    tenant: { id: number; name: string };
    data: Record<string, unknown>;
  };
}

/** A webhook receiver: records every POST; `fail[path]` answers 500 that many times first. */
export class Receiver {
  readonly got: Received[] = [];
  readonly fail = new Map<string, number>();
  private server: Server | null = null;
  port = 0;

  async start(port = 0) {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        const path = req.url ?? "/";
        this.got.push({ path, headers: req.headers, body, receivedAt: Date.now(), json: JSON.parse(body) });
        const failing = this.fail.get(path) ?? 0;
        if (failing > 0) {
          this.fail.set(path, failing - 1);
          res.writeHead(500).end("try again");
        } else res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(port, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  url(path: string) {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  at(path: string, type?: string) {
    return this.got.filter((r) => r.path === path && (!type || r.json.type === type));
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise((r) => this.server?.close(r));
  }
}

/** Verifies a delivery as a receiver should (docs/webhooks.md). */
export function verified(r: Received, secret: string): boolean {
  const timestamp = String(r.headers["x-marquee-timestamp"]);
  const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.${r.body}`).digest("hex")}`;
  return (
    r.headers["x-marquee-signature"] === expected &&
    Math.abs(Date.now() / 1000 - Number(timestamp)) < 300 &&
    r.headers["x-marquee-delivery"] === r.json.id &&
    r.headers["x-marquee-event"] === r.json.type
  );
}
