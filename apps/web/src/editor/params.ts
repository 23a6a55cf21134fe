import { LIMITS } from "@marquee/program";

/**
 * The editor's address: `?id=N` opens a program; `?new=1&name=…&w=…&h=…`
 * starts one that the first save creates.
 */
export type EditorTarget =
  | { kind: "open"; id: number }
  | { kind: "new"; name: string | null; width: number; height: number }
  | { kind: "none" };

const NAME_MAX = 100;

function size(raw: string | null, fallback: number): number {
  const n = Number(raw);
  if (!raw || !Number.isInteger(n)) return fallback;
  return Math.min(LIMITS.canvasMax, Math.max(LIMITS.canvasMin, n));
}

/** What the query string asks the editor to do. */
export function parseEditorParams(params: URLSearchParams): EditorTarget {
  const id = Number(params.get("id"));
  if (params.get("id") && Number.isInteger(id) && id > 0) return { kind: "open", id };
  if (params.get("new") === "1") {
    const name = (params.get("name") ?? "").trim().slice(0, NAME_MAX);
    return {
      kind: "new",
      name: name || null,
      width: size(params.get("w"), 1920),
      height: size(params.get("h"), 1080),
    };
  }
  return { kind: "none" };
}
