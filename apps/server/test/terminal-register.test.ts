import { LANGUAGE_COOKIE } from "@marquee/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../src/terminal/token";
import { createTestApp, initSystem, type TestApp } from "./helpers";
import { deviceId, fetchManifest, registerTerminal, terminalRow } from "./terminal-helpers";

/**
 * Registrations arriving together are written in one statement: each still
 * gets its own row and token, a known device its rotated token, a device
 * twice in the same moment one row, and every check still answers per call.
 */

let t: TestApp;
let platformId = 0;

beforeAll(async () => {
  t = await createTestApp();
  platformId = (await initSystem(t)).officeId;
});
afterAll(async () => {
  await t?.close();
});

describe("registrations at the same moment", () => {
  it("each get their own row and a token that verifies, known devices a new one", async () => {
    const known = await Promise.all(Array.from({ length: 5 }, () => registerTerminal(t.app)));
    // The known ones by their device id.
    const knownIds = await Promise.all(
      known.map(async (k) => (await terminalRow(t.app, k.terminalId)).deviceId),
    );
    const regs = await Promise.all([
      ...Array.from({ length: 40 }, () => registerTerminal(t.app)),
      ...knownIds.map((id) => registerTerminal(t.app, { deviceId: id, version: "2.0.0" })),
    ]);
    const fresh = regs.slice(0, 40);
    const again = regs.slice(40);
    expect(new Set(fresh.map((r) => r.terminalId)).size).toBe(40);
    expect(new Set(fresh.map((r) => r.enrolCode)).size).toBe(40);
    for (const r of fresh) {
      expect(r.state).toBe("pending");
      const row = await terminalRow(t.app, r.terminalId);
      expect(row.tokenHash).toBe(hashToken(r.token));
      expect(row.officeId).toBe(platformId);
      expect(row.enrolCode).toBe(r.enrolCode);
      // The token is known (403: not authorised yet), not refused as unknown (401).
      expect((await fetchManifest(t.app, r.token)).statusCode).toBe(403);
    }
    for (const [i, r] of again.entries()) {
      const before = known[i];
      if (!before) throw new Error("no known terminal");
      expect(r.terminalId).toBe(before.terminalId);
      expect(r.enrolCode).toBe(before.enrolCode);
      expect(r.token).not.toBe(before.token);
      const row = await terminalRow(t.app, r.terminalId);
      expect(row.tokenHash).toBe(hashToken(r.token));
      expect(row.version).toBe("2.0.0");
      expect((await fetchManifest(t.app, before.token)).statusCode).toBe(401);
      expect((await fetchManifest(t.app, r.token)).statusCode).toBe(403);
    }
  });

  it("give a device registering twice at once one row, the last token written winning", async () => {
    const id = deviceId();
    const [a, b] = await Promise.all([
      registerTerminal(t.app, { deviceId: id }),
      registerTerminal(t.app, { deviceId: id }),
    ]);
    if (!a || !b) throw new Error("no answers");
    expect(a.terminalId).toBe(b.terminalId);
    const row = await terminalRow(t.app, a.terminalId);
    expect([hashToken(a.token), hashToken(b.token)]).toContain(row.tokenHash);
  });

  it("still refuse a malformed one alone with 400, the others of the moment enrolled", async () => {
    const [bad, good] = await Promise.all([
      t.app.inject({
        method: "POST",
        url: "/apm-web/t/register",
        payload: { deviceId: "short", model: "", version: "1", resolution: { width: 0, height: 1 } },
      }),
      registerTerminal(t.app),
    ]);
    expect(bad.statusCode).toBe(400);
    expect(good.terminalId).toBeGreaterThan(0);
  });
});

describe("the rate limit", () => {
  it("still answers 429 in the caller's language past the open-call limit per address", async () => {
    const limited = await createTestApp({ RATE_LIMIT_OPEN_PER_MINUTE: "3" });
    try {
      await initSystem(limited);
      for (let i = 0; i < 3; i++) await registerTerminal(limited.app);
      const refused = await limited.app.inject({
        method: "POST",
        url: "/apm-web/t/register",
        cookies: { [LANGUAGE_COOKIE]: "fr" },
        payload: {
          deviceId: deviceId(),
          model: "TestPlayer",
          version: "1.0.0",
          resolution: { width: 1920, height: 1080 },
        },
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().msg).toMatch(/^Trop de requêtes/);
    } finally {
      await limited.close();
    }
  });
});
