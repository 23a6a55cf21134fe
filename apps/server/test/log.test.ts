import { describe, expect, it } from "vitest";
import { startupBanner, withoutPassword } from "../src/banner";
import { loadConfig } from "../src/config";
import { formatRecord, logFormatFor, prettyStream } from "../src/log";

describe("log format", () => {
  it("is readable on a terminal and JSON lines otherwise, unless LOG_FORMAT says", () => {
    expect(loadConfig({}).logFormat).toBe("auto");
    expect(logFormatFor("auto", { isTTY: true })).toBe("pretty");
    expect(logFormatFor("auto", { isTTY: false })).toBe("json");
    expect(logFormatFor("auto", {})).toBe("json");
    expect(logFormatFor("json", { isTTY: true })).toBe("json");
    expect(logFormatFor("pretty", {})).toBe("pretty");
    expect(() => loadConfig({ LOG_FORMAT: "xml" })).toThrow(/LOG_FORMAT/);
  });

  it("writes a record as one line: time, level, request, message, other fields, an error's stack below", () => {
    const time = new Date(2026, 0, 2, 3, 4, 5, 6).getTime();
    const plain = { colors: false };
    expect(formatRecord({ level: 30, time, pid: 1, hostname: "h", msg: "started", port: 5 }, plain)).toBe(
      "03:04:05.006 INFO  started port=5",
    );
    const reqId = "0123456789abcdef";
    expect(
      formatRecord(
        {
          level: 30,
          time,
          reqId,
          req: { method: "GET", url: "/x", remoteAddress: "::1" },
          msg: "incoming request",
        },
        plain,
      ),
    ).toBe("03:04:05.006 INFO  [01234567] GET /x from ::1");
    expect(
      formatRecord({ level: 30, time, reqId, res: { statusCode: 200 }, responseTime: 3.12, msg: "x" }, plain),
    ).toBe("03:04:05.006 INFO  [01234567] 200 in 3.1 ms");
    const line = formatRecord(
      {
        level: 50,
        time,
        msg: "failed",
        err: { type: "Error", message: "boom", stack: "Error: boom\n    at f", code: "E1" },
      },
      plain,
    );
    expect(line).toBe("03:04:05.006 ERROR failed\n    Error: boom\n        at f (code E1)");
    const e = "\x1b[";
    expect(formatRecord({ level: 40, time, msg: "a b", who: "two words" }, { colors: true })).toBe(
      `${e}2m03:04:05.006${e}0m ${e}33mWARN ${e}0m a b ${e}2mwho=${e}0m"two words"`,
    );
  });

  it("passes a line that is not JSON through as it is", () => {
    let out = "";
    const stream = prettyStream({ write: (t: string) => (out += t) }, { colors: false });
    stream.write("not json\n");
    stream.write(`${JSON.stringify({ level: 30, time: 0, msg: "hi" })}\n`);
    expect(out).toMatch(/^not json\n\d\d:\d\d:\d\d\.\d{3} INFO {2}hi\n$/);
  });
});

describe("startup banner", () => {
  const interfaces = {
    lo: [{ address: "127.0.0.1", family: "IPv4", internal: true }],
    eth0: [
      { address: "192.168.1.20", family: "IPv4", internal: false },
      { address: "fe80::1", family: "IPv6", internal: false },
    ],
  } as unknown as Parameters<typeof startupBanner>[2];

  it("names the console, the API docs and the player with the listening port, and where the data is", () => {
    const config = loadConfig({ DATA_DIR: "/srv/marquee" });
    const b = startupBanner(config, 8080, interfaces);
    expect(b).toMatchObject({
      console: "http://localhost:8080/",
      docs: "http://localhost:8080/apm-web/docs",
      player: "http://localhost:8080/player/",
      network: ["http://192.168.1.20:8080/"],
      dataDir: "/srv/marquee",
      database: "embedded PostgreSQL in /srv/marquee/pg",
    });
    const text = b.lines.join("\n");
    for (const s of [b.console, b.docs, b.player, "http://192.168.1.20:8080/", "/srv/marquee/pg"])
      expect(text).toContain(s);
  });

  it("uses the listening address or PUBLIC_ORIGIN, and never shows the database password", () => {
    const config = loadConfig({
      HOST: "127.0.0.1",
      DATABASE_URL: "postgres://marquee:s3cret@db.example:5432/marquee?sslmode=require&password=other",
    });
    const b = startupBanner(config, 9000, interfaces);
    expect(b.console).toBe("http://127.0.0.1:9000/");
    expect(b.network).toEqual([]);
    expect(b.database).toBe("DATABASE_URL postgres://marquee@db.example:5432/marquee?sslmode=require");
    expect(b.lines.join("\n")).not.toMatch(/s3cret|other/);
    expect(startupBanner(loadConfig({ HOST: "::1" }), 1, interfaces).console).toBe("http://[::1]:1/");
    const behind = startupBanner(
      loadConfig({ PUBLIC_ORIGIN: "https://signage.example.com/" }),
      8080,
      interfaces,
    );
    expect(behind.player).toBe("https://signage.example.com/player/");
    expect(behind.lines.join("\n")).toContain("http://localhost:8080/");
    expect(withoutPassword("not a url")).not.toContain("not a url");
  });
});
