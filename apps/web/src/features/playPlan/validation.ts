import { ContentName } from "@marquee/contracts";
import { PlanDoc } from "@marquee/schedule";
import type { TFunction } from "i18next";
import { itemLabel } from "./ConflictList";

/** The model's own message keys (`schedule.*`), worded by the console. */
const SCHEDULE_KEYS = [
  "dateInvalid",
  "timeInvalid",
  "idInvalid",
  "weekdaysRequired",
  "weekdaysDuplicate",
  "windowsRequired",
  "endBeforeStart",
  "idDuplicate",
] as const;

function wordOf(t: TFunction, message: string): string {
  const key = message.startsWith("schedule.") ? message.slice("schedule.".length) : "";
  return (SCHEDULE_KEYS as readonly string[]).includes(key)
    ? t(`playPlan.validation.${key}`)
    : t("playPlan.validation.invalid");
}

/** Which part of the plan a path (["items", 2, …] or "doc.items.2.windows.0.end") is about. */
function whereOf(
  t: TFunction,
  path: ReadonlyArray<PropertyKey> | string,
  doc: PlanDoc,
  programName: (id: number) => string,
): string {
  const text = typeof path === "string" ? path : path.map(String).join(".");
  const m = /(?:^|\.)items\.(\d+)/.exec(text);
  const item = m ? doc.items[Number(m[1])] : undefined;
  if (item) return itemLabel(doc.items, item.id, programName);
  if (/(^|\.)name$/.test(text)) return t("playPlan.validation.nameField");
  return t("playPlan.validation.plan");
}

/** What keeps the plan from being saved, one line each (empty: it can be saved). */
export function planIssues(
  t: TFunction,
  name: string,
  doc: PlanDoc,
  programName: (id: number) => string,
): string[] {
  const out: string[] = [];
  if (!ContentName.safeParse(name).success) out.push(t("playPlan.validation.name"));
  const r = PlanDoc.safeParse(doc);
  if (!r.success)
    for (const issue of r.error.issues)
      out.push(`${whereOf(t, issue.path, doc, programName)}: ${wordOf(t, issue.message)}`);
  return [...new Set(out)];
}

/** The server's field errors (already in the reader's language), with the item they are about. */
export function serverIssues(
  t: TFunction,
  errors: ReadonlyArray<{ field: string; message: string }>,
  doc: PlanDoc,
  programName: (id: number) => string,
): string[] {
  return errors.map((e) => `${whereOf(t, e.field, doc, programName)}: ${e.message}`);
}
