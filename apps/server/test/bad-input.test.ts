import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiRoute } from "../src/platform/access";
import {
  ADMIN,
  type Client,
  createTestApp,
  initSystem,
  ROLLUP_TABLES,
  signedIn,
  type TestApp,
  tableDigests,
} from "./helpers";
import { asQuery, inputPart, partSchema, sampleObject, wrongType } from "./schema-sample";

let t: TestApp;
let admin: Client;
let routes: ApiRoute[];
/**
 * Tables a refused call may still write: its audit row, a counted sign-in failure, the session it had;
 * and the statistics roll-ups, which the background pass may bring up to date during a long walk.
 */
const MAY_CHANGE = ["audit_logs", "login_guards", "captchas", "sessions", ...ROLLUP_TABLES];
/** Each walk sends several requests to every route of the API: its time grows with the API. */
const WALK_MS = 240_000;

const INJECTIONS = [
  "' OR '1'='1' --",
  "1; DROP TABLE users; --",
  "<script>alert(1)</script>",
  "../../../../etc/passwd",
  `$${"{"}jndi:ldap://x}`,
  "%00%27",
  "\u0000nul",
  "🙂".repeat(300),
  "x".repeat(100_000),
];

beforeAll(async () => {
  t = await createTestApp();
  await initSystem(t);
  admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
  routes = t.app.apiRoutes.filter((r) => !r.url.endsWith("/a/logout"));
});
afterAll(async () => {
  await t?.close();
});

const path = (r: ApiRoute) => r.url.replace("/apm-web", "");

/** Sends one request and proves: never a 5xx; a refusal is a 4xx envelope in English that wrote nothing. */
async function expectRefusedOrFine(
  label: string,
  send: () => ReturnType<Client["request"]>,
  mustRefuse: boolean,
): Promise<void> {
  const before = await tableDigests(t, MAY_CHANGE);
  const res = await send();
  expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
  if (mustRefuse) expect(res.statusCode, `${label} was accepted`).toBeGreaterThanOrEqual(400);
  if (res.statusCode >= 400) {
    const body = res.json();
    expect(body.code, label).toBe(res.statusCode);
    expect(typeof body.msg, label).toBe("string");
    expect(body.msg, label).not.toMatch(/[\u4e00-\u9fff]/); // the caller asked for English
    expect(await tableDigests(t, MAY_CHANGE), `${label} wrote something`).toEqual(before);
  }
}

describe("bad input on every route", () => {
  it(
    "refuses malformed and oversized bodies",
    async () => {
      for (const r of routes.filter((x) => x.method !== "GET")) {
        await expectRefusedOrFine(
          `${r.method} ${r.url} malformed JSON`,
          () =>
            admin.request("POST", path(r), {
              payload: '{"username": "a", ',
              headers: { "content-type": "application/json" },
            }),
          true,
        );
        await expectRefusedOrFine(
          `${r.method} ${r.url} oversized`,
          () => admin.request("POST", path(r), { json: { blob: "x".repeat(t.config.bodyLimit + 10) } }),
          true,
        );
        await expectRefusedOrFine(
          `${r.method} ${r.url} unknown content type`,
          () =>
            admin.request("POST", path(r), {
              payload: "<xml/>",
              headers: { "content-type": "application/xml" },
            }),
          true,
        );
      }
    },
    WALK_MS,
  );

  it(
    "refuses unknown fields and wrong types with a message per field",
    async () => {
      let checked = 0;
      for (const r of routes) {
        const part = inputPart(r);
        const schema = partSchema(r, part);
        if (!schema?.properties) continue;
        const valid = sampleObject(schema, [1]);
        const send = (input: Record<string, unknown>) => () =>
          part === "querystring"
            ? admin.get(path(r), asQuery(input as Record<string, string>))
            : admin.request(r.method as "POST", path(r), { json: input });

        const unknownRes = await (part === "querystring"
          ? admin.get(path(r), { ...asQuery(valid), zzUnknown: "1" })
          : admin.request("POST", path(r), { json: { ...valid, zzUnknown: 1 } }));
        expect(unknownRes.statusCode, `${r.url} unknown field`).toBe(400);
        expect(unknownRes.json().errors, `${r.url}`).toContainEqual({
          field: "body",
          message: "unknown field zzUnknown",
        });

        for (const [field, prop] of Object.entries(schema.properties)) {
          const bad = wrongType(prop);
          // On the wire a query value is a string, so only non-string query fields can have a wrong type.
          const stringish = JSON.stringify(prop).includes('"string"');
          if (part === "querystring" && stringish) continue;
          await expectRefusedOrFine(
            `${r.method} ${r.url} ${field}=${JSON.stringify(bad)}`,
            send({ ...valid, [field]: bad }),
            true,
          );
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(20);
    },
    WALK_MS,
  );

  it(
    "survives injection strings in every string field",
    async () => {
      for (const r of routes) {
        const part = inputPart(r);
        const schema = partSchema(r, part);
        if (!schema?.properties) continue;
        const valid = sampleObject(schema, [1]);
        for (const [field, prop] of Object.entries(schema.properties)) {
          if (!JSON.stringify(prop).includes('"string"')) continue;
          for (const evil of INJECTIONS) {
            const input = { ...valid, [field]: evil };
            await expectRefusedOrFine(
              `${r.method} ${r.url} ${field}=${JSON.stringify(evil).slice(0, 40)}`,
              () =>
                part === "querystring"
                  ? admin.get(path(r), asQuery(input))
                  : admin.request(r.method as "POST", path(r), { json: input }),
              evil.includes("\u0000") || evil.length > 50_000,
            );
          }
        }
      }
      // the database is intact and the administrator still signs in
      expect((await admin.get("/a/api/user/getUserInfo")).statusCode).toBe(200);
    },
    WALK_MS,
  );
});
