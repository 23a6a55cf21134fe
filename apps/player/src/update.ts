import { API_PREFIX, playerReason, type Why } from "@marquee/terminal-protocol";

/**
 * The update command (sendDedicatedApk): a web player downloads the
 * package the operator pushed (with its token, like every /t/* call),
 * reporting progress, checks its size and SHA-256, and then reloads into the
 * player build the server serves (a browser installs nothing itself).
 */

/** Progress goes at most this often. */
export const PROGRESS_EVERY_MS = 1000;

export interface PackageRequest {
  url: string;
  size: number;
  sha256: string;
}

export type PackageResult = { ok: true; bytes: number } | { ok: false; reason: Why };

/** The package's address: only a path under /apm-web of the player's own server gets the token. */
export function packageUrl(url: string, origin: string): URL | null {
  let u: URL;
  try {
    u = new URL(url, origin);
  } catch {
    return null;
  }
  const base = new URL(origin);
  if (u.origin !== base.origin || !u.pathname.startsWith(`${API_PREFIX}/`)) return null;
  return u;
}

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");

// SHA-256 (FIPS 180-4) for pages outside a secure context, where crypto.subtle is missing (plain http on a LAN).
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

/** SHA-256 in plain JavaScript (hex). */
export function sha256Js(data: Uint8Array): string {
  const h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const bitLength = data.length * 8;
  const padded = new Uint8Array((((data.length + 9 + 63) >> 6) << 6) >>> 0);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 2 ** 32));
  view.setUint32(padded.length - 4, bitLength >>> 0);
  const w = new Uint32Array(64);
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  const at = (arr: Uint32Array, i: number) => arr[i] as number;
  for (let off = 0; off < padded.length; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const x = at(w, i - 15);
      const y = at(w, i - 2);
      const s0 = rotr(x, 7) ^ rotr(x, 18) ^ (x >>> 3);
      const s1 = rotr(y, 17) ^ rotr(y, 19) ^ (y >>> 10);
      w[i] = (at(w, i - 16) + s0 + at(w, i - 7) + s1) >>> 0;
    }
    let a = at(h, 0);
    let b = at(h, 1);
    let c = at(h, 2);
    let d = at(h, 3);
    let e = at(h, 4);
    let f = at(h, 5);
    let g = at(h, 6);
    let k = at(h, 7);
    for (let i = 0; i < 64; i++) {
      const t1 =
        (k + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + at(K, i) + at(w, i)) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      k = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    const sums = [a, b, c, d, e, f, g, k];
    for (let i = 0; i < 8; i++) h[i] = (at(h, i) + (sums[i] as number)) >>> 0;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setUint32(i * 4, at(h, i));
  return hex(out);
}

/** SHA-256 (hex) with crypto.subtle where the page has it (secure contexts), else in JavaScript. */
export async function sha256Hex(
  data: Uint8Array,
  subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle,
) {
  if (subtle) return hex(new Uint8Array(await subtle.digest("SHA-256", data as Uint8Array<ArrayBuffer>)));
  return sha256Js(data);
}

/**
 * Downloads a package with the token, streaming, telling `onProgress`
 * (done, total bytes) at most once a second, and checks its size and
 * checksum. Answers why it failed in words an operator can act on.
 */
export async function downloadPackage(
  req: PackageRequest,
  auth: { origin: string; token: string },
  onProgress: (done: number, total: number, note: string) => void,
  fetchFn: typeof fetch = fetch,
  signal?: AbortSignal,
): Promise<PackageResult> {
  const failed = (e: unknown): PackageResult => ({
    ok: false,
    reason: signal?.aborted
      ? playerReason("packageLate")
      : playerReason("packageFailed", { error: e instanceof Error ? e.message : String(e) }),
  });
  const url = packageUrl(req.url, auth.origin);
  if (!url)
    return { ok: false, reason: playerReason("packageAddress", { prefix: API_PREFIX, url: req.url }) };
  let res: Response;
  try {
    res = await fetchFn(url, {
      headers: { authorization: `Bearer ${auth.token}` },
      cache: "no-store",
      ...(signal ? { signal } : {}),
    });
  } catch (e) {
    return failed(e);
  }
  if (!res.ok || !res.body) return { ok: false, reason: playerReason("packageHttp", { status: res.status }) };
  let data: Uint8Array;
  try {
    data = new Uint8Array(req.size);
  } catch {
    await res.body.cancel().catch(() => undefined);
    return { ok: false, reason: playerReason("packageMemory", { size: req.size }) };
  }
  let done = 0;
  let shownAt = Date.now();
  onProgress(0, req.size, "downloading");
  const reader = res.body.getReader();
  try {
    for (;;) {
      const { done: end, value } = await reader.read();
      if (end) break;
      if (done + value.byteLength > req.size) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, reason: playerReason("packageTooLarge", { size: req.size }) };
      }
      data.set(value, done);
      done += value.byteLength;
      if (Date.now() - shownAt >= PROGRESS_EVERY_MS) {
        shownAt = Date.now();
        onProgress(done, req.size, "downloading");
      }
    }
  } catch (e) {
    return failed(e);
  }
  if (done !== req.size) return { ok: false, reason: playerReason("packageShort", { done, size: req.size }) };
  onProgress(done, req.size, "verifying");
  const sum = await sha256Hex(data);
  if (sum !== req.sha256.toLowerCase())
    return { ok: false, reason: playerReason("packageChecksum", { expected: req.sha256, got: sum }) };
  return { ok: true, bytes: done };
}
