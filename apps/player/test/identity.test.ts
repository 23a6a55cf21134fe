import { RegisterBody } from "@marquee/terminal-protocol";
import { describe, expect, it } from "vitest";
import { deviceIdOf, newDeviceId, RegisterFailed, register, shortModel } from "../src/identity";
import { KEYS, memoryStore } from "../src/storage";

const fill = (b: Uint8Array) => b.map((_, i) => i * 17);

describe("device identity", () => {
  it("makes a device id the protocol takes, once", () => {
    const id = newDeviceId(fill);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const kv = memoryStore();
    const first = deviceIdOf(kv, (b) => crypto.getRandomValues(b));
    expect(deviceIdOf(kv, fill)).toBe(first);
    expect(kv.get(KEYS.deviceId)).toBe(first);
    kv.set(KEYS.deviceId, "bad id!");
    expect(deviceIdOf(kv, fill)).toBe(id);
  });

  it("shortens user agents into a model name", () => {
    expect(
      shortModel(
        "Mozilla/5.0 (Linux; Android 13; SM-T220 Build/TP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.6723.86 Safari/537.36",
      ),
    ).toBe("Chrome 130 / Android 13 WebView");
    expect(
      shortModel(
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36",
      ),
    ).toBe("Chrome 140 / Linux");
    expect(
      shortModel(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      ),
    ).toBe("Edge 131 / Windows");
    expect(
      shortModel(
        "Mozilla/5.0 (iPad; CPU OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari 17 / iOS 17");
    expect(shortModel("Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0")).toBe(
      "Firefox 128 / Linux",
    );
    expect(shortModel("")).toBe("unknown");
    expect(shortModel("x".repeat(300))).toHaveLength(100);
  });
});

describe("register", () => {
  const input = {
    deviceId: "0123456789abcdef",
    model: "Chrome 140 / Linux",
    version: "3.8.33",
    resolution: { width: 1920, height: 1080 },
  };

  it("posts a body the protocol takes and answers the token", async () => {
    let sent: { url: string; init?: RequestInit } | null = null;
    const f = (async (url: URL, init?: RequestInit) => {
      sent = { url: String(url), init };
      return Response.json({
        code: 0,
        msg: "ok",
        terminalId: 3,
        token: "tok",
        state: "pending",
        enrolCode: "AB12CD",
      });
    }) as typeof fetch;
    const r = await register(f, "http://s:8080", input);
    expect(r).toMatchObject({ terminalId: 3, token: "tok", state: "pending", enrolCode: "AB12CD" });
    const s = sent as unknown as { url: string; init: RequestInit };
    expect(s.url).toBe("http://s:8080/apm-web/t/register");
    expect(RegisterBody.safeParse(JSON.parse(String(s.init.body))).success).toBe(true);
    expect(new Headers(s.init.headers).get("x-requested-with")).toBe("XMLHttpRequest");
  });

  it("fails with the server's message, or as unreachable", async () => {
    const refused = (async () =>
      Response.json({ code: 400, msg: "bad model" }, { status: 400 })) as typeof fetch;
    await expect(register(refused, "http://s", input)).rejects.toThrow("registration refused: bad model");
    const down = (async () => {
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    const err = await register(down, "http://s", input).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RegisterFailed);
    expect((err as RegisterFailed).status).toBe(0);
    expect((err as Error).message).toBe("unreachable: Failed to fetch");
  });
});
