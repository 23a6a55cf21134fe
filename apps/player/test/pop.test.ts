import { describe, expect, it } from "vitest";
import { POP_BATCH, POP_CHUNK, type PopItem, PopQueue, popItemOf } from "../src/pop";
import { KEYS, type KeyValue, memoryStore } from "../src/storage";

const item = (at: number): PopItem => ({
  programId: 1,
  sceneId: "s1",
  widgetId: null,
  materialId: null,
  kind: "scene",
  at,
  ms: 1000,
});

describe("proof of play items", () => {
  it("maps scene and media ends (at = start) and clicks; ignores the rest", () => {
    expect(popItemOf(5, { kind: "sceneEnd", sceneId: "s1", at: 11_000, ms: 10_000 })).toEqual({
      programId: 5,
      sceneId: "s1",
      widgetId: null,
      materialId: null,
      kind: "scene",
      at: 1000,
      ms: 10_000,
    });
    expect(
      popItemOf(5, { kind: "mediaEnd", sceneId: "s1", widgetId: "w1", materialId: 9, at: 5000, ms: 2000.4 }),
    ).toMatchObject({ kind: "media", widgetId: "w1", materialId: 9, at: 3000, ms: 2000 });
    expect(popItemOf(5, { kind: "click", sceneId: "s1", widgetId: "b1", at: 42 })).toMatchObject({
      kind: "click",
      at: 42,
      ms: 0,
    });
    expect(popItemOf(5, { kind: "sceneStart", sceneId: "s1", at: 1 })).toBeNull();
    expect(popItemOf(5, { kind: "error", sceneId: "s1", widgetId: "w", message: "x", at: 1 })).toBeNull();
    expect(popItemOf(5, { kind: "sceneEnd", sceneId: "x".repeat(41), at: 1, ms: 1 })).toBeNull();
  });
});

describe("PopQueue", () => {
  it("sends in batches of at most 1,000 while the socket takes them", () => {
    const kv = memoryStore();
    const q = new PopQueue(kv);
    for (let i = 0; i < 2500; i++) q.add(item(i));
    const frames: PopItem[][] = [];
    expect(q.flush((items) => frames.push(items) > 0)).toBe(2500);
    expect(frames.map((f) => f.length)).toEqual([POP_BATCH, POP_BATCH, 500]);
    expect(frames[0]?.[0]?.at).toBe(0);
    expect(q.size).toBe(0);
    expect(kv.get(KEYS.pop)).toBeNull();
  });

  it("keeps what could not be sent, across a reload", () => {
    const kv = memoryStore();
    const q = new PopQueue(kv);
    q.add(item(1));
    q.add(item(2));
    expect(q.flush(() => false)).toBe(0);
    const again = new PopQueue(kv);
    expect(again.size).toBe(2);
    const sent: PopItem[] = [];
    again.flush((items) => {
      sent.push(...items);
      return true;
    });
    expect(sent.map((i) => i.at)).toEqual([1, 2]);
  });

  it("stops at the first refused batch and keeps the rest in order", () => {
    const q = new PopQueue(memoryStore());
    for (let i = 0; i < 1500; i++) q.add(item(i));
    let calls = 0;
    expect(q.flush(() => ++calls === 1)).toBe(POP_BATCH);
    expect(q.size).toBe(500);
  });

  it("drops the oldest beyond its bound, and ignores a damaged stored queue", () => {
    const kv = memoryStore();
    const q = new PopQueue(kv, 3);
    for (let i = 0; i < 5; i++) q.add(item(i));
    expect(q.size).toBe(3);
    expect(q.dropped).toBe(2);
    kv.set(KEYS.pop, "{not json");
    expect(new PopQueue(kv).size).toBe(0);
    kv.set(KEYS.pop, JSON.stringify([item(1), { bad: true }]));
    expect(new PopQueue(kv).size).toBe(1);
  });

  it("stores a long queue in chunks and rewrites only the last one as items come (a week offline)", () => {
    const inner = memoryStore();
    const writes: string[] = [];
    const kv: KeyValue = {
      ...inner,
      set: (k, v) => {
        writes.push(k);
        return inner.set(k, v);
      },
    };
    const q = new PopQueue(kv);
    for (let i = 0; i < 2 * POP_CHUNK + 10; i++) q.add(item(i));
    q.flush(() => false);
    expect(writes).toEqual([KEYS.pop, `${KEYS.pop}.1`, `${KEYS.pop}.2`]);
    writes.length = 0;
    q.add(item(9999));
    q.flush(() => false);
    expect(writes).toEqual([`${KEYS.pop}.2`]);
    // After a reload the queue is whole, in order; once sent, no chunk is left behind.
    const again = new PopQueue(kv);
    expect(again.size).toBe(2 * POP_CHUNK + 11);
    const sent: number[] = [];
    again.flush((items) => sent.push(...items.map((i) => i.at)) > 0);
    expect(sent.slice(0, 3)).toEqual([0, 1, 2]);
    expect(sent.at(-1)).toBe(9999);
    for (const k of [KEYS.pop, `${KEYS.pop}.1`, `${KEYS.pop}.2`]) expect(inner.get(k)).toBeNull();
  });

  it("reads a queue stored whole (before chunks) and stores it in chunks", () => {
    const kv = memoryStore();
    kv.set(KEYS.pop, JSON.stringify(Array.from({ length: POP_CHUNK + 5 }, (_, i) => item(i))));
    const q = new PopQueue(kv);
    expect(q.size).toBe(POP_CHUNK + 5);
    q.flush(() => false);
    expect(JSON.parse(kv.get(KEYS.pop) ?? "[]")).toHaveLength(POP_CHUNK);
    expect(JSON.parse(kv.get(`${KEYS.pop}.1`) ?? "[]")).toHaveLength(5);
    expect(new PopQueue(kv).size).toBe(POP_CHUNK + 5);
  });
});
