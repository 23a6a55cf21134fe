import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeAvatar } from "../src/modules/user/avatar";
import { createTestApp, type TestApp } from "./helpers";

/**
 * Every route declares its 200 answer (the OpenAPI document describes every answer from these schemas), and
 * no handler writes the success envelope itself (platform/envelope.ts adds it to every declared envelope).
 */

/**
 * Routes that answer without a declared 200 schema, as "METHOD url": the WebSocket routes, which answer
 * 101 and then stream frames, never a 200.
 */
const WITHOUT_RESPONSE_SCHEMA = new Set(["GET /apm-web/t/ws", "GET /apm-web/a/api/debug/ws"]);

interface OpenApiResponse {
  description?: string;
  content?: Record<string, { schema?: Record<string, unknown> }>;
}
interface OpenApi {
  paths: Record<string, Record<string, { responses?: Record<string, OpenApiResponse> }>>;
  components?: { schemas?: Record<string, unknown> };
}

const SRC = path.resolve(import.meta.dirname, "../src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") ? [full] : [];
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("route schemas", () => {
  it("has every route declare its 200 answer", () => {
    const missing = t.app.apiRoutes
      .filter((r) => !(r.schema?.response as Record<string, unknown> | undefined)?.["200"])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing.filter((r) => !WITHOUT_RESPONSE_SCHEMA.has(r))).toEqual([]);
  });

  it("lists no route as lacking a schema that declares one", () => {
    const missing = new Set(
      t.app.apiRoutes
        .filter((r) => !(r.schema?.response as Record<string, unknown> | undefined)?.["200"])
        .map((r) => `${r.method} ${r.url}`),
    );
    expect([...WITHOUT_RESPONSE_SCHEMA].filter((r) => !missing.has(r))).toEqual([]);
  });

  it("has no handler write the success envelope (code 0) itself", () => {
    const writers = sourceFiles(SRC)
      .map((file) => path.relative(SRC, file).split(path.sep).join("/"))
      .filter((file) => file !== "platform/envelope.ts")
      .filter((file) => /\bcode:\s*0\b/.test(readFileSync(path.join(SRC, file), "utf8")));
    expect(writers).toEqual([]);
  });

  it("describes every declared answer in the OpenAPI document, downloads as binary", async () => {
    const res = await t.app.inject({ method: "GET", url: "/apm-web/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as OpenApi;
    const answerOf = (method: string, url: string) =>
      doc.paths[url.replace(/:(\w+)/g, "{$1}")]?.[method.toLowerCase()]?.responses?.["200"];
    const binary = { type: "string", format: "binary" };
    expect(answerOf("GET", "/apm-web/f/common/captcha")?.content).toEqual({
      "image/svg+xml": { schema: binary },
    });
    expect(answerOf("GET", "/apm-web/f/avatar/:file")?.content).toEqual({ "image/*": { schema: binary } });
    expect(answerOf("POST", "/apm-web/a/sys/log/logExport")?.content).toEqual({
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { schema: binary },
    });
    // The recursive trees are documented too.
    const routes = answerOf("GET", "/apm-web/routes")?.content?.["application/json"]?.schema;
    expect(JSON.stringify(routes)).toContain('"$ref":"#/components/schemas/RouteNode"');
    expect(JSON.stringify(doc.components?.schemas?.RouteNode)).toContain(
      '"$ref":"#/components/schemas/RouteNode"',
    );
    // Every JSON answer the app declares is in the document with its schema.
    const undocumented = t.app.apiRoutes
      .filter((r) => !WITHOUT_RESPONSE_SCHEMA.has(`${r.method} ${r.url}`))
      .filter((r) => !r.url.endsWith("/stripe/webhook")) // hidden from the document on purpose
      .filter((r) => !Object.values(answerOf(r.method, r.url)?.content ?? {}).some((m) => m.schema))
      .map((r) => `${r.method} ${r.url}`);
    expect(undocumented).toEqual([]);
  });

  it("passes a download's bytes through untouched, without an envelope", async () => {
    const bytes = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.from([0, 1, 2, 255, 254])]);
    const file = await storeAvatar(t.app.services.storage.store, bytes, "png");
    const res = await t.app.inject({ method: "GET", url: `/apm-web/f/avatar/${file}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.rawPayload.equals(bytes)).toBe(true);

    const captcha = await t.app.inject({ method: "GET", url: "/apm-web/f/common/captcha" });
    expect(captcha.statusCode).toBe(200);
    expect(captcha.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(captcha.body).toMatch(/^<svg/);
  });
});
