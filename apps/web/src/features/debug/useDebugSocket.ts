import { DEBUG_CLOSE, type DebugSocketMessage } from "@marquee/contracts";
import { useEffect, useRef, useState } from "react";
import { debugSocketUrl } from "./frames";

export type SocketStatus = "idle" | "connecting" | "open" | "retrying" | "refused";

/** Waits before reconnecting: 1 s, doubling to 15 s. */
export const retryDelay = (attempt: number) => Math.min(15_000, 1000 * 2 ** Math.min(attempt, 4));

/**
 * The debugging socket of one terminal: opened when a terminal is chosen,
 * reopened after a drop (with a growing pause), closed for good when the
 * server refuses it (permission lost, terminal gone) or another terminal is
 * chosen. Messages go to `onMessage` as they arrive.
 */
export function useDebugSocket(
  terminalId: number | undefined,
  onMessage: (m: DebugSocketMessage) => void,
): { status: SocketStatus; attempt: number } {
  const [status, setStatus] = useState<SocketStatus>("idle");
  const [attempt, setAttempt] = useState(0);
  const handler = useRef(onMessage);
  handler.current = onMessage;

  useEffect(() => {
    if (terminalId === undefined) {
      setStatus("idle");
      return;
    }
    let ws: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let tries = 0;
    let done = false;
    const open = () => {
      setStatus(tries ? "retrying" : "connecting");
      ws = new WebSocket(debugSocketUrl(terminalId));
      ws.onopen = () => {
        tries = 0;
        setAttempt(0);
        setStatus("open");
      };
      ws.onmessage = (e) => {
        try {
          handler.current(JSON.parse(String(e.data)) as DebugSocketMessage);
        } catch {
          // Not JSON: nothing the page could show.
        }
      };
      ws.onclose = (e) => {
        ws = null;
        if (done) return;
        if (e.code === DEBUG_CLOSE.refused || e.code === DEBUG_CLOSE.gone) {
          setStatus("refused");
          return;
        }
        tries++;
        setAttempt(tries);
        setStatus("retrying");
        timer = setTimeout(open, retryDelay(tries));
      };
    };
    open();
    return () => {
      done = true;
      if (timer) clearTimeout(timer);
      ws?.close(1000, "left");
    };
  }, [terminalId]);

  return { status, attempt };
}
