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
});
