import { describe, expect, it } from "vitest";
import { diffMedia, fetchManifest, filesOf, isFile, mediaLookup, parseManifest } from "../src/manifest";
import { file, manifest, programDoc, webPage } from "./fixtures";

describe("manifest media", () => {
  const a = file("a".repeat(32), 1);
  const b = file("b".repeat(32), 2);
  const web = webPage(3, "https://example.com/");

  it("downloads only files (not web pages or streams), once per hash", () => {
    expect(isFile(a)).toBe(true);
    expect(isFile(web)).toBe(false);
    expect(isFile({ ...a, type: "stream", url: "https://x/live.m3u8" })).toBe(false);
    const m = manifest([], [a, { ...a, materialId: 9 }, web, b]);
    expect(filesOf(m).map((f) => f.hash)).toEqual([a.hash, b.hash]);
    expect(filesOf(null)).toEqual([]);
  });

  it("tells what to download and what to delete", () => {
    const wanted = filesOf(manifest([], [a, b]));
    expect(diffMedia(wanted, [])).toEqual({ download: [a, b], remove: [] });
    expect(diffMedia(wanted, [a.hash])).toEqual({ download: [b], remove: [] });
    expect(diffMedia(wanted, [a.hash, b.hash, "c".repeat(32)])).toEqual({
      download: [],
      remove: ["c".repeat(32)],
    });
    expect(diffMedia([], [a.hash])).toEqual({ download: [], remove: [a.hash] });
  });

  it("gives the renderer cached addresses for files and their own address for web pages", () => {
    const lookup = mediaLookup(manifest([], [a, b, web]), (hash) =>
      hash === a.hash ? `/player/media/${hash}` : null,
    );
    expect(lookup(1)).toMatchObject({ id: 1, type: "image", url: `/player/media/${a.hash}`, width: 10 });
    expect(lookup(2)?.url).toBeNull();
    expect(lookup(3)).toMatchObject({ type: "web", url: "https://example.com/" });
    expect(lookup(99)).toBeNull();
    expect(mediaLookup(manifest([], [{ ...a, type: "spreadsheet" }]), () => "x")(1)).toBeNull();
  });

  it("reads back only a manifest that matches the protocol", () => {
    const m = manifest([{ id: 1, doc: programDoc() }], [a]);
    expect(parseManifest(JSON.parse(JSON.stringify(m)))).toEqual(m);
    expect(parseManifest({ version: 1 })).toBeNull();
  });

  it("reads a manifest of before plans (v1) with the defaults: UTC, no schedule, messages, publications, settings or play-now", () => {
    const v1 = {
      version: "old",
      terminalId: 7,
      programs: [{ id: 1, name: "P1", version: 1, doc: programDoc() }],
      media: [a],
      generatedAt: "2026-03-01T09:00:00.000Z",
    };
    expect(parseManifest(v1)).toEqual({
      ...v1,
      terminalName: "",
      timezone: "UTC",
      schedule: [],
      messages: [],
      publications: [],
      settings: {},
      playNow: null,
    });
  });
});

describe("fetchManifest", () => {
  const m = manifest([{ id: 1, doc: programDoc() }]);
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    (async () =>
      new Response(body === null ? null : JSON.stringify(body), { status, headers })) as typeof fetch;

  it("sends the token and the ETag, and reads the envelope", async () => {
    let seen: Headers | null = null;
    const f = (async (_url: URL, init?: RequestInit) => {
      seen = new Headers(init?.headers);
      return new Response(JSON.stringify({ code: 0, msg: "ok", ...m }), {
        status: 200,
        headers: { etag: '"v1"' },
      });
    }) as typeof fetch;
    expect(await fetchManifest(f, "http://s", "tok", '"v0"')).toEqual({
      kind: "new",
      manifest: m,
      etag: '"v1"',
    });
    expect(seen).not.toBeNull();
    const h = seen as unknown as Headers;
    expect(h.get("authorization")).toBe("Bearer tok");
    expect(h.get("if-none-match")).toBe('"v0"');
  });

  it("answers same on 304, refused on 401, and throws otherwise", async () => {
    expect(await fetchManifest(answer(304, null), "http://s", "t", '"v1"')).toEqual({ kind: "same" });
    expect(await fetchManifest(answer(401, { code: 401 }), "http://s", "t", null)).toEqual({
      kind: "refused",
    });
    await expect(fetchManifest(answer(403, { code: 403 }), "http://s", "t", null)).rejects.toThrow(
      "HTTP 403",
    );
    await expect(fetchManifest(answer(200, { nope: 1 }), "http://s", "t", null)).rejects.toThrow(
      "unexpected",
    );
  });
});
