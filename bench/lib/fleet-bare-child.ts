import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocket, WebSocketServer } from "ws";

/**
 * The fleet benchmark's baseline, run as a child process like the real
 * server: a bare `ws` server on a random loopback port with no compression,
 * answering each hello with a welcome, keeping each socket's last heartbeat
 * (the least a presence needs), and counting the acks of one broadcast
 * command. No validation, no database, no authentication. It also answers
 * POST /apm-web/t/register with a registration's answer (a random token,
 * no storage): the registration benchmark's baseline.
 */

export interface BareFleetJob {
  heartbeatSec: number;
}
export type BareFleetRequest = { id: number; op: "clients" } | { id: number; op: "broadcast" };
export interface BareFleetReply {
  id: number;
  /** Open sockets (clients), or ms from the broadcast to the last ack (broadcast). */
  value: number;
  /** Sockets the broadcast went to. */
  sent?: number;
}

const lastSeen = new WeakMap<WebSocket, number>();

// Never outlive the benchmark: when it goes, the IPC channel closes.
process.once("disconnect", () => process.exit(1));
for (const signal of ["SIGINT", "SIGHUP"] as const) process.on(signal, () => undefined);
process.once("message", (job: BareFleetJob) => {
  let nextId = 0;
  const http = createServer((req, res) => {
    if (req.method !== "POST" || req.url !== "/apm-web/t/register") {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      try {
        JSON.parse(Buffer.concat(chunks).toString());
      } catch {
        res.writeHead(400).end();
        return;
      }
      const body = JSON.stringify({
        code: 0,
        msg: "ok",
        terminalId: ++nextId,
        token: randomBytes(32).toString("base64url"),
        state: "pending",
        enrolCode: "BARE00",
      });
      res.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end(body);
    });
  });
  const server = new WebSocketServer({ server: http, perMessageDeflate: false });
  let broadcast: { id: string; started: number; target: number; acked: number; reply: number } | null = null;
  server.on("connection", (socket) => {
    const terminalId = ++nextId;
    socket.on("message", (data, isBinary) => {
      if (isBinary) return;
      let frame: { type?: unknown; id?: unknown };
      try {
        frame = JSON.parse(data.toString()) as { type?: unknown; id?: unknown };
      } catch {
        return;
      }
      if (frame.type === "hello") {
        lastSeen.set(socket, Date.now());
        socket.send(
          JSON.stringify({
            type: "welcome",
            terminalId,
            state: "authorised",
            heartbeatSec: job.heartbeatSec,
            manifestVersion: null,
            enrolCode: "BARE00",
          }),
        );
      } else if (frame.type === "heartbeat") {
        lastSeen.set(socket, Date.now());
      } else if (frame.type === "ack" && broadcast && frame.id === broadcast.id) {
        if (++broadcast.acked === broadcast.target) {
          const reply: BareFleetReply = { id: broadcast.reply, value: performance.now() - broadcast.started };
          process.send?.(reply);
          broadcast = null;
        }
      }
    });
    socket.on("error", () => undefined);
  });
  process.on("message", (req: BareFleetRequest) => {
    if (req.op === "clients") {
      process.send?.({ id: req.id, value: server.clients.size } satisfies BareFleetReply);
      return;
    }
    const id = `bare-${req.id}`;
    const text = JSON.stringify({ type: "command", id, name: "refresh", args: {}, timeoutMs: 30_000 });
    const open = [...server.clients].filter((s) => s.readyState === WebSocket.OPEN);
    broadcast = { id, started: performance.now(), target: open.length, acked: 0, reply: req.id };
    for (const s of open) s.send(text);
  });
  http.listen({ host: "127.0.0.1", port: 0, backlog: 4096 }, () => {
    process.send?.({ port: (http.address() as AddressInfo).port });
  });
});
