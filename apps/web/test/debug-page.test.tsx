// @vitest-environment jsdom
import type { DebugSocketMessage } from "@marquee/contracts";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { TerminalWatch } from "../src/features/debug/DebuggingPage";
import {
  appendCapped,
  debugSocketUrl,
  logLinesOf,
  type PaneFrame,
  parseArgs,
  visibleFrames,
  visibleLines,
} from "../src/features/debug/frames";
import { type Call, fakeServer, grant, renderPage } from "./system-helpers";

/** A WebSocket the test drives: the page's socket, opened at once. */
class FakeSocket {
  static last: FakeSocket | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.last = this;
    setTimeout(() => this.onopen?.(), 0);
  }
  push(m: DebugSocketMessage) {
    act(() => this.onmessage?.({ data: JSON.stringify(m) }));
  }
  close() {
    this.closed = true;
  }
}

const frame = (dir: "in" | "out", f: Record<string, unknown> & { type: string }, at = 1_700_000_000_000) =>
  ({ kind: "frame", dir, frame: f, at }) as DebugSocketMessage;

describe("debugging helpers", () => {
  it("checks raw args as a JSON object of at most 8 KB", () => {
    expect(parseArgs("")).toEqual({ ok: true, args: {} });
    expect(parseArgs('{"volume": 3}')).toEqual({ ok: true, args: { volume: 3 } });
    expect(parseArgs("{volume: 3}")).toEqual({ ok: false, error: "json" });
    expect(parseArgs("[1]")).toEqual({ ok: false, error: "object" });
    expect(parseArgs(JSON.stringify({ x: "y".repeat(9000) }))).toEqual({ ok: false, error: "size" });
  });

  it("hides heartbeats unless asked, filters by type and by log level, keeps the newest", () => {
    const rows = ["heartbeat", "ack", "log"].map(
      (type, i) => ({ seq: i, dir: "in", at: i, type, frame: { type } }) as PaneFrame,
    );
    expect(visibleFrames(rows, { types: [], heartbeats: false }).map((f) => f.type)).toEqual(["ack", "log"]);
    expect(visibleFrames(rows, { types: [], heartbeats: true })).toHaveLength(3);
    expect(visibleFrames(rows, { types: ["heartbeat"], heartbeats: false }).map((f) => f.type)).toEqual([
      "heartbeat",
    ]);
    const m = frame("in", {
      type: "log",
      lines: [
        { at: 1, level: "debug", text: "a" },
        { at: 2, level: "error", text: "b" },
      ],
    }) as Extract<DebugSocketMessage, { kind: "frame" }>;
    expect(visibleLines(logLinesOf(m), "warn").map((l) => l.text)).toEqual(["b"]);
    expect(appendCapped([1, 2, 3], [4, 5], 3)).toEqual([3, 4, 5]);
    expect(debugSocketUrl(7, { protocol: "https:", host: "x.example" })).toBe(
      "wss://x.example/apm-web/a/api/debug/ws?terminalId=7",
    );
  });
});

describe("watching a terminal", () => {
  function setup() {
    grant(["terminal:device:debug"]);
    vi.stubGlobal("WebSocket", FakeSocket);
    return fakeServer({
      "GET /a/api/debug/recent": () => ({
        terminal: {
          id: 5,
          name: "Lobby",
          state: "authorised",
          online: true,
          held: true,
          lastSeenAt: null,
          reported: null,
        },
        commands: [],
        events: [],
      }),
      "POST /a/api/debug/send": (call: Call) => ({
        outcome: {
          id: "c9",
          terminalId: 5,
          terminalName: "Lobby",
          name: (call.body as { name: string }).name,
          state: "sent",
          reason: null,
          data: null,
          createDate: "2026-01-01T10:00:00.000Z",
          doneDate: null,
        },
      }),
      "GET /a/api/debug/results": () => ({
        list: [
          {
            id: "c9",
            terminalId: 5,
            terminalName: "Lobby",
            name: "dumpCache",
            state: "done",
            reason: null,
            data: { files: 3 },
            createDate: "2026-01-01T10:00:00.000Z",
            doneDate: "2026-01-01T10:00:01.000Z",
          },
        ],
      }),
    });
  }

  it("shows frames both ways and the log, pauses and resumes", async () => {
    setup();
    renderPage(<TerminalWatch terminalId={5} />);
    await waitFor(() => expect(FakeSocket.last?.url).toContain("/apm-web/a/api/debug/ws?terminalId=5"));
    const ws = FakeSocket.last as FakeSocket;
    await waitFor(() => expect(screen.getByTestId("debug-socket-status").textContent).toBe("Live"));
    ws.push({ kind: "state", online: true, held: false });
    expect(screen.getByTestId("debug-terminal-state").textContent).toContain("another server process");
    ws.push(frame("out", { type: "command", id: "c1", name: "debug", args: { on: true } }));
    ws.push(frame("in", { type: "ack", id: "c1", ok: true }));
    ws.push(frame("in", { type: "heartbeat", status: {} }));
    ws.push(frame("in", { type: "log", lines: [{ at: 1, level: "warn", text: "decoder stalled" }] }));
    const rows = screen.getAllByTestId("debug-frame");
    // Newest first; the heartbeat is folded away.
    expect(rows.map((r) => `${r.dataset.dir}:${r.dataset.type}`)).toEqual([
      "in:log",
      "in:ack",
      "out:command",
    ]);
    expect(screen.getByTestId("debug-log-line").textContent).toContain("decoder stalled");

    fireEvent.click(screen.getByTestId("debug-pause"));
    ws.push(frame("in", { type: "event", kind: "info", message: "hello", at: 1 }));
    expect(screen.getAllByTestId("debug-frame")).toHaveLength(3);
    fireEvent.click(screen.getByTestId("debug-resume"));
    expect(screen.getAllByTestId("debug-frame")).toHaveLength(4);

    // A frame opens to its JSON.
    fireEvent.click(screen.getAllByTestId("debug-frame")[0]?.querySelector("button") as HTMLElement);
    expect(screen.getByText(/"message": "hello"/)).toBeTruthy();

    ws.push({ kind: "dropped", count: 12 });
    expect(screen.getByTestId("debug-dropped").textContent).toContain("12");
  });

  it("sends a raw command and follows its outcome", async () => {
    const { calls } = setup();
    renderPage(<TerminalWatch terminalId={5} />);
    fireEvent.change(screen.getByTestId("debug-raw-name"), { target: { value: "dumpCache" } });
    fireEvent.change(screen.getByTestId("debug-raw-args"), { target: { value: "{bad" } });
    fireEvent.click(screen.getByTestId("debug-raw-send"));
    expect(await screen.findByText("This is not valid JSON")).toBeTruthy();
    expect(calls.some((c) => c.path === "/a/api/debug/send")).toBe(false);

    fireEvent.change(screen.getByTestId("debug-raw-args"), { target: { value: '{"deep": true}' } });
    fireEvent.click(screen.getByTestId("debug-raw-send"));
    await waitFor(() => expect(calls.some((c) => c.path === "/a/api/debug/send")).toBe(true));
    expect(calls.find((c) => c.path === "/a/api/debug/send")?.body).toEqual({
      terminalId: 5,
      name: "dumpCache",
      args: { deep: true },
    });
    const outcomes = await screen.findByTestId("debug-raw-outcomes");
    await waitFor(() => expect(outcomes.textContent).toContain('{"files":3}'), { timeout: 5000 });
  });
});
