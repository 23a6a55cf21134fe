import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiRoute } from "../src/platform/access";
import { expectRefusedOrFine, INJECTIONS, path, startWalk, WALK_MS } from "./bad-input-walk";
import type { Client, TestApp } from "./helpers";
import { asQuery, inputPart, partSchema, sampleObject } from "./schema-sample";

let t: TestApp;
let admin: Client;
let routes: ApiRoute[];

beforeAll(async () => {
  ({ t, admin, routes } = await startWalk());
});
afterAll(async () => {
  await t?.close();
});

describe("bad input on every route", () => {
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
