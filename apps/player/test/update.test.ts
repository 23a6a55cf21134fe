import { createHash } from "node:crypto";
import { whyText } from "@marquee/terminal-protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { downloadPackage, type PackageResult, packageUrl, sha256Hex, sha256Js } from "../src/update";

/** A result with the failure in its English words (as the ack's `reason` carries it). */
const worded = (r: PackageResult) => (r.ok ? r : { ok: false, reason: whyText(r.reason) });

const ORIGIN = "http://screen.test";

describe("SHA-256", () => {
  it("matches node's for sizes around the block edges, with and without crypto.subtle", async () => {
    for (const n of [0, 1, 55, 56, 63, 64, 65, 1000, 100_003]) {
      const data = new Uint8Array(n).map((_, i) => (i * 7 + 3) % 256);
      const want = createHash("sha256").update(data).digest("hex");
      expect(sha256Js(data), `${n} bytes`).toBe(want);
      expect(await sha256Hex(data)).toBe(want);
      expect(await sha256Hex(data, undefined)).toBe(want);
    }
  });
});

describe("package address", () => {
  it("takes only paths under /apm-web of the player's own server", () => {
    expect(packageUrl("/apm-web/t/package/3", ORIGIN)?.toString()).toBe(`${ORIGIN}/apm-web/t/package/3`);
    expect(packageUrl(`${ORIGIN}/apm-web/x`, ORIGIN)).not.toBeNull();
    expect(packageUrl("/player/index.html", ORIGIN)).toBeNull();
    expect(packageUrl("https://elsewhere.example/apm-web/x", ORIGIN)).toBeNull();
    expect(packageUrl("/apm-webx", ORIGIN)).toBeNull();
  });
});

describe("package download", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => vi.useRealTimers());

  /** A response whose chunks arrive `gapMs` apart (on the fake clock), with the token checked. */
  function serving(chunks: Uint8Array[], gapMs: number, status = 200): typeof fetch {
    return (async (_url: string | URL | Request, init?: RequestInit) => {
      expect(new Headers(init?.headers).get("authorization")).toBe("Bearer tok");
      let i = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          vi.setSystemTime(Date.now() + gapMs);
          const c = chunks[i++];
          if (c) controller.enqueue(c);
          else controller.close();
        },
      });
      return new Response(body, { status });
    }) as typeof fetch;
  }

  const chunks = Array.from({ length: 10 }, (_, k) => new Uint8Array(1000).fill(k));
  const whole = new Uint8Array(10_000);
  chunks.forEach((c, k) => {
    whole.set(c, k * 1000);
  });
  const sha256 = createHash("sha256").update(whole).digest("hex");
  const auth = { origin: ORIGIN, token: "tok" };
  const req = { url: "/apm-web/t/package/1", size: 10_000, sha256 };

  it("reports progress at most once a second and checks the checksum", async () => {
    const progress: Array<{ at: number; done: number; note: string }> = [];
    const r = await downloadPackage(
      req,
      auth,
      (done, total, note) => {
        expect(total).toBe(10_000);
        progress.push({ at: Date.now(), done, note });
      },
      serving(chunks, 400),
    );
    expect(r).toEqual({ ok: true, bytes: 10_000 });
    // Chunks 400 ms apart over 4 s: a few reports, never two within a second, then verifying.
    const downloading = progress.filter((p) => p.note === "downloading");
    expect(downloading[0]?.done).toBe(0);
    expect(downloading.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < downloading.length; i++)
      expect((downloading[i]?.at ?? 0) - (downloading[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(1000);
    expect(downloading.map((p) => p.done)).toEqual([...downloading.map((p) => p.done)].sort((a, b) => a - b));
    expect(progress.at(-1)).toMatchObject({ done: 10_000, note: "verifying" });
  });

  it("fails with the reason: HTTP status, size, checksum", async () => {
    const none = () => undefined;
    expect(worded(await downloadPackage(req, auth, none, serving(chunks, 1, 403)))).toEqual({
      ok: false,
      reason: "package download failed: HTTP 403",
    });
    expect(worded(await downloadPackage({ ...req, size: 9000 }, auth, none, serving(chunks, 1)))).toEqual({
      ok: false,
      reason: "size mismatch: the package is larger than 9000 bytes",
    });
    expect(worded(await downloadPackage({ ...req, size: 12_000 }, auth, none, serving(chunks, 1)))).toEqual({
      ok: false,
      reason: "size mismatch: received 10000 of 12000 bytes",
    });
    const wrong = "f".repeat(64);
    expect(worded(await downloadPackage({ ...req, sha256: wrong }, auth, none, serving(chunks, 1)))).toEqual({
      ok: false,
      reason: `checksum mismatch: expected SHA-256 ${wrong}, got ${sha256}`,
    });
    const refused = (async () => {
      throw new TypeError("network down");
    }) as typeof fetch;
    expect(worded(await downloadPackage(req, auth, none, refused))).toEqual({
      ok: false,
      reason: "package download failed: network down",
    });
  });
});
