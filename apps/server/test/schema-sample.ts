import { z } from "zod";
import type { ApiRoute } from "../src/platform/access";

type Json = string | number | boolean | null | Json[] | { [k: string]: Json };
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: Json[];
  anyOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
}

export type Part = "querystring" | "body";

/** The JSON schema of a route's body or querystring, when it declares one. */
export function partSchema(route: ApiRoute, part: Part): JsonSchema | null {
  const schema = (route.schema as Record<string, unknown> | undefined)?.[part];
  if (!(schema instanceof z.ZodType)) return null;
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
}

/** The part of a route that carries its input: the query of a GET, the body otherwise. */
export const inputPart = (route: ApiRoute): Part => (route.method === "GET" ? "querystring" : "body");

/** A plausible value for a field, with `ids` used for anything that names an id. */
export function sampleValue(name: string, s: JsonSchema, ids: number[]): Json {
  if (s.enum?.length) return s.enum[0] ?? null;
  if (s.anyOf?.length) return sampleValue(name, s.anyOf[0] ?? {}, ids);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  const idLike = /(^id$|Id$|Ids$)/.test(name);
  switch (type) {
    case "integer":
    case "number":
      return idLike ? (ids[0] ?? 1) : Math.max(1, s.minimum ?? 1);
    case "boolean":
      return true;
    case "array":
      return idLike ? ids : [sampleValue(name, s.items ?? {}, ids)];
    case "object":
      return sampleObject(s, ids);
    default:
      if (idLike) return ids.join(",");
      if (s.format === "email") return "sample@marquee.test";
      if (s.format === "date-time") return new Date().toISOString();
      return "x".repeat(Math.max(1, s.minLength ?? 1));
  }
}

/** A value for every required field (and every id-like one) of an object schema; lists ask for their largest page. */
export function sampleObject(s: JsonSchema, ids: number[]): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [name, prop] of Object.entries(s.properties ?? {})) {
    if (s.required?.includes(name) || /(^id$|Id$|Ids$)/.test(name)) out[name] = sampleValue(name, prop, ids);
    if (name === "pageSize" && prop.maximum) out[name] = prop.maximum;
  }
  return out;
}

/** A value of the wrong type for a field of this schema. */
export function wrongType(s: JsonSchema): Json {
  const types = new Set(
    [s.type, ...(s.anyOf ?? []).map((a) => a.type)].flat().filter((x): x is string => typeof x === "string"),
  );
  if (types.has("object")) return "not-an-object";
  if (types.has("string") && types.has("array")) return { nested: { deep: true } };
  if (types.has("string")) return { nested: ["value"] };
  if (types.has("number") || types.has("integer")) return "not-a-number";
  if (types.has("boolean")) return "maybe";
  if (types.has("array")) return { not: "an array" };
  return { unexpected: { shape: [1, 2, 3] } };
}

/** Query values are strings on the wire. */
export function asQuery(obj: Record<string, Json>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(obj).map(([k, v]) => [
      k,
      typeof v === "object" && v !== null ? JSON.stringify(v) : String(v),
    ]),
  );
}
