import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiRoute } from "../src/platform/access";
import { expectRefusedOrFine, path, startWalk, WALK_MS } from "./bad-input-walk";
import type { Client, TestApp } from "./helpers";
import { asQuery, inputPart, partSchema, sampleObject, wrongType } from "./schema-sample";

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
});
