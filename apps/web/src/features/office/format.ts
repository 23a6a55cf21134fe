import { GB, type OfficeState, type OfficeType, type Permission } from "@marquee/contracts";
import dayjs, { type Dayjs } from "dayjs";

/** Permissions of institution management and agent activation (packages/contracts permission catalogue). */
export const OFFICE_PERMISSIONS = {
  view: "sys:office:view",
  edit: "sys:office:edit",
  remove: "sys:office:delete",
  openAgent: "sys:office:openAgent",
  customerView: "sys:customer:view",
  customerEdit: "sys:customer:edit",
  customerRemove: "sys:customer:delete",
} as const satisfies Record<string, Permission>;

/** Colours of the state tags. */
export const STATE_COLORS: Record<OfficeState, string> = {
  active: "green",
  expiring: "orange",
  expired: "red",
  disabled: "default",
};

/** Colours of the kind tags. */
export const TYPE_COLORS: Record<OfficeType, string> = {
  platform: "purple",
  agent: "geekblue",
  customer: "cyan",
  institution: "default",
};

/** A storage quota in GB as the form shows it (two decimals); null: unlimited. */
export function bytesToGb(bytes: number | null | undefined): number | null {
  if (bytes === null || bytes === undefined) return null;
  return Math.round((bytes / GB) * 100) / 100;
}

/** A quota entered in GB, in bytes; empty: unlimited. */
export function gbToBytes(gb: number | null | undefined): number | null {
  if (gb === null || gb === undefined || Number.isNaN(gb)) return null;
  return Math.round(gb * GB);
}

/** The instant an expiry date picked in the form ends: the end of that day where the user is. */
export function expiryOf(day: Dayjs | null | undefined): string | null {
  return day ? day.endOf("day").toISOString() : null;
}

/** The date picker's value of a stored expiry. */
export function expiryDay(iso: string | null | undefined): Dayjs | null {
  return iso ? dayjs(iso) : null;
}

/** Percent of a quota used (0–100, for a progress bar); null when unlimited. */
export function usagePercent(used: number, quota: number | null): number | null {
  if (quota === null) return null;
  if (quota <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.round((used / quota) * 100));
}

/** Which kinds may be created under a parent, given what the caller may do. */
export function creatableKinds(
  parent: OfficeType,
  grants: { office: boolean; customer: boolean; agent: boolean },
): Array<"institution" | "customer" | "agent"> {
  const out: Array<"institution" | "customer" | "agent"> = [];
  if (grants.office) out.push("institution");
  if (grants.customer && (parent === "platform" || parent === "agent")) out.push("customer");
  if (grants.agent && parent === "platform") out.push("agent");
  return out;
}

/** Whether an office carries quotas and an expiry. */
export const isTenant = (type: OfficeType) => type === "agent" || type === "customer";
