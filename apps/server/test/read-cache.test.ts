import { describe, expect, it } from "vitest";
import { ReadCache } from "../src/platform/read-cache";

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
});
