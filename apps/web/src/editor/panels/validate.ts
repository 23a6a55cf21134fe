import { type DefaultButton, WIDGET_PROPS, WidgetFrame, type WidgetType } from "@marquee/program";
import type { z } from "zod";

/**
 * Each edited value is checked against the document's own schema before it is
 * dispatched, so the editor never stores what the server would refuse; the
 * reason is shown next to the field in the operator's language.
 */

/** Why a value is refused: a message key of editorPanels.errors with its parameters. */
export interface Problem {
  key: string;
  params?: Record<string, string | number>;
}

/** Custom messages of the model (`program.*`) that have their own text here. */
const MODEL_MESSAGES = new Set(["colorInvalid", "urlInvalid", "urlRequired", "currencyInvalid", "idInvalid"]);

const err = (name: string, params?: Record<string, number>): Problem =>
  params ? { key: `editorPanels.errors.${name}`, params } : { key: `editorPanels.errors.${name}` };

/** The message of one zod issue. */
export function problemOfIssue(issue: z.core.$ZodIssue): Problem {
  if (issue.message.startsWith("program.")) {
    const name = issue.message.slice("program.".length);
    return err(MODEL_MESSAGES.has(name) ? name : "invalid");
  }
  switch (issue.code) {
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "number") return err("min", { min });
      if (issue.origin === "array") return min <= 1 ? err("chooseOne") : err("tooFew", { min });
      return min <= 1 ? err("required") : err("tooShort", { min });
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "number") return err("max", { max });
      if (issue.origin === "array") return err("tooMany", { max });
      return err("tooLong", { max });
    }
    case "invalid_type":
      if (issue.expected === "int") return err("integer");
      return err("required");
    case "invalid_format":
      return err(issue.format === "datetime" ? "dateInvalid" : "invalid");
    default:
      return err("invalid");
  }
}

/** Null when the schema accepts the value; otherwise why not (the first issue). */
export function check(schema: z.ZodType, value: unknown): Problem | null {
  const r = schema.safeParse(value);
  if (r.success) return null;
  const issue = r.error.issues[0];
  return issue ? problemOfIssue(issue) : err("invalid");
}

/** The schema of one prop of a widget type. */
export function propSchema(type: WidgetType, field: string): z.ZodType {
  const shape = WIDGET_PROPS[type].shape as Record<string, z.ZodType>;
  const schema = shape[field];
  if (!schema) throw new Error(`${type} has no prop ${field}`);
  return schema;
}

/** The frame fields the panel edits. */
export type FrameField = "x" | "y" | "w" | "h" | "rotation" | "name";

/** The schema of a frame field. */
export function frameSchema(field: FrameField): z.ZodType {
  return WidgetFrame.shape[field];
}

/** The fields of a default button's data. */
export type ButtonDataField = keyof DefaultButton["buttonData"];

/** Bounds of a number schema (through nullable/optional/default wrappers), for InputNumber. */
export function numberBounds(schema: z.ZodType): { min?: number; max?: number; int: boolean } {
  let s: unknown = schema;
  for (let i = 0; i < 5; i++) {
    const inner = (s as { unwrap?: () => unknown }).unwrap;
    if (typeof inner !== "function") break;
    s = inner.call(s);
  }
  const n = s as { minValue?: number | null; maxValue?: number | null; isInt?: boolean };
  const out: { min?: number; max?: number; int: boolean } = { int: n.isInt === true };
  if (typeof n.minValue === "number" && Number.isFinite(n.minValue)) out.min = n.minValue;
  if (typeof n.maxValue === "number" && Number.isFinite(n.maxValue)) out.max = n.maxValue;
  return out;
}
