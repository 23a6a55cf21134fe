import { describe, expect, it } from "vitest";
import { answerJson, ReadCache, rawJson } from "../src/platform/read-cache";

/** A body as text, whether answerJson gave it as a string or as its UTF-8 bytes. */
const textOf = (body: string | Buffer) => (typeof body === "string" ? body : body.toString("utf8"));

describe("ReadCache", () => {
  it("shares one load between concurrent readers and keeps it until the table is written", async () => {
    const cache = new ReadCache(60_000);
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get("t", "k", load), cache.get("t", "k", load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(await cache.get("t", "k", load)).toBe(1);
    expect(await cache.get("t", "other", load)).toBe(2);
    cache.bump("other-table");
    expect(await cache.get("t", "k", load)).toBe(1);
    cache.bump("t");
    expect(await cache.get("t", "k", load)).toBe(3);
  });

  it("forgets answers after its time-to-live, and never keeps a failure", async () => {
    const cache = new ReadCache(0);
    let loads = 0;
    await cache.get("t", "k", async () => ++loads);
    await cache.get("t", "k", async () => ++loads);
    expect(loads).toBe(2);
    const keeping = new ReadCache(60_000);
    await expect(keeping.get("t", "k", async () => Promise.reject(new Error("db down")))).rejects.toThrow(
      "db down",
    );
    expect(await keeping.get("t", "k", async () => "recovered")).toBe("recovered");
  });

  it("drops a range's answers on a write in one of its offices, and keeps them through other offices' writes", async () => {
    const cache = new ReadCache(60_000);
    let loads = 0;
    const load = async () => ++loads;
    const tenantA = [1, 2];
    const tenantB = [3];
    expect(await cache.get("t", "a", load, tenantA)).toBe(1);
    expect(await cache.get("t", "b", load, tenantB)).toBe(2);
    expect(await cache.get("t", "all", load, null)).toBe(3);
    cache.bump("t", [2]);
    expect(await cache.get("t", "a", load, tenantA)).toBe(4);
    expect(await cache.get("t", "b", load, tenantB)).toBe(2);
    expect(await cache.get("t", "all", load, null)).toBe(5);
    cache.bump("t", []);
    expect(await cache.get("t", "a", load, tenantA)).toBe(4);
    // Offices unknown: every reader misses.
    cache.bump("t");
    expect(await cache.get("t", "a", load, tenantA)).toBe(6);
    expect(await cache.get("t", "b", load, tenantB)).toBe(7);
    expect(await cache.get("t", "all", load, null)).toBe(8);
  });

  it("does not keep an answer loaded while a write of its range happened", async () => {
    const cache = new ReadCache(60_000);
    let release: (v: string) => void = () => undefined;
    const slow = cache.get("t", "k", () => new Promise<string>((r) => (release = r)), [1]);
    cache.bump("t", [1]);
    release("old");
    expect(await slow).toBe("old");
    expect(await cache.get("t", "k", async () => "new", [1])).toBe("new");
  });

  it("freezes a shared answer, its parts and their rows, so no request changes what others send", async () => {
    const cache = new ReadCache(60_000);
    const page = await cache.get("t", "k", async () => ({
      list: [{ id: 1, tags: ["a"], at: new Date(0) }],
      total: 1,
      bytes: new Uint8Array([1, 2]),
    }));
    expect(Object.isFrozen(page)).toBe(true);
    expect(Object.isFrozen(page.list)).toBe(true);
    expect(() => page.list.push({ id: 2, tags: [], at: new Date(0) })).toThrow(TypeError);
    expect(() => {
      (page.list[0] as { id: number }).id = 9;
    }).toThrow(TypeError);
    expect(page.list[0]?.id).toBe(1);
  });

  it("serialises an answer as JSON.stringify does, its cached parts once", async () => {
    const cache = new ReadCache(60_000);
    const loaded = await cache.get("t", "k", async () => ({
      rows: [{ id: 1, name: 'Lobby \u2028 "quoted"', at: new Date(0), gone: undefined }],
      more: false,
    }));
    const answer = { code: 0, msg: "操作成功", list: loaded.rows, skipped: undefined, total: 1, names: {} };
    expect(textOf(answerJson(answer))).toBe(JSON.stringify(answer));
    // Sent again with another envelope (another language): the same text around the same rows.
    const again = { code: 0, msg: "OK", list: loaded.rows, total: 1 };
    expect(textOf(answerJson(again))).toBe(JSON.stringify(again));
    // The rows' text is kept with them: a JSON.stringify that would change it is not called again.
    const stringify = JSON.stringify;
    let calls = 0;
    JSON.stringify = ((value: unknown, ...rest: []) => {
      if (value === loaded.rows) calls++;
      return stringify(value, ...rest);
    }) as typeof JSON.stringify;
    try {
      answerJson({ code: 0, msg: "OK", list: loaded.rows });
    } finally {
      JSON.stringify = stringify;
    }
    expect(calls).toBe(0);
    // Answers with nothing from the cache, and whole cached answers, are plain JSON.stringify.
    for (const value of [{ a: 1, b: [1, "x"] }, [1, 2], "text", null, 3, loaded])
      expect(answerJson(value)).toBe(JSON.stringify(value));
  });

  it("sends a part PostgreSQL wrote as JSON text as it came, and keeps it through the cache", async () => {
    const text = '[{"id":2,"name":"大堂"},{"id":1,"name":"x"}]';
    const cache = new ReadCache(60_000);
    const page = await cache.get("t", "k", async () => ({ list: rawJson<unknown[]>(text), more: false }));
    expect(Object.isFrozen(page.list)).toBe(true);
    const body = answerJson({ code: 0, msg: "OK", list: page.list, total: 2 });
    expect(JSON.parse(textOf(body))).toEqual({ code: 0, msg: "OK", list: JSON.parse(text), total: 2 });
    expect(textOf(body)).toBe(`{"code":0,"msg":"OK","list":${text},"total":2}`);
  });

  it("encodes an answer around a cached part once: the same envelope gets the same bytes", async () => {
    const cache = new ReadCache(60_000);
    const loaded = await cache.get("t", "k", async () => ({
      rows: [{ id: 1, name: "大堂 lobby" }],
      more: true,
    }));
    const first = answerJson({ code: 0, msg: "操作成功", list: loaded.rows, total: 7, hasMore: loaded.more });
    expect(Buffer.isBuffer(first)).toBe(true);
    expect(JSON.parse(textOf(first))).toEqual({
      code: 0,
      msg: "操作成功",
      list: [{ id: 1, name: "大堂 lobby" }],
      total: 7,
      hasMore: true,
    });
    // Another request for the same answer: the very same bytes, not encoded again.
    expect(answerJson({ code: 0, msg: "操作成功", list: loaded.rows, total: 7, hasMore: loaded.more })).toBe(
      first,
    );
    // Anything else around the same rows is another body: a language, a total, a key's place.
    const others = [
      { code: 0, msg: "OK", list: loaded.rows, total: 7, hasMore: true },
      { code: 0, msg: "操作成功", list: loaded.rows, total: 8, hasMore: true },
      { code: 0, msg: "操作成功", total: 7, list: loaded.rows, hasMore: true },
      { code: 0, msg: "操作成功", list: loaded.rows, total: 7, hasMore: true, extra: null },
    ];
    for (const other of others) {
      const body = answerJson(other);
      expect(body).not.toBe(first);
      expect(textOf(body)).toBe(JSON.stringify(other));
    }
    // Two cached parts in one answer: plain text, each part serialised once.
    const two = { code: 0, list: loaded.rows, also: loaded.rows };
    expect(answerJson(two)).toBe(JSON.stringify(two));
  });
});
