import type { OfficeDetail, OfficeSaveBody, OfficeType } from "@marquee/contracts";
import type { Dayjs } from "dayjs";
import { bytesToGb, expiryDay, expiryOf, gbToBytes, isTenant } from "./format";

export type NewKind = "institution" | "customer" | "agent";

/** The fields of the office form. */
export interface OfficeFormValues {
  parentId?: number;
  type?: NewKind;
  name: string;
  code?: string;
  contactName?: string;
  contactPhone?: string;
  contactEmail?: string;
  address?: string;
  remarks?: string;
  /** The storage quota in GB; empty: unlimited. */
  capacityGb?: number | null;
  terminalQuota?: number | null;
  expiresAt?: Dayjs | null;
  enabled: boolean;
}

/** The server's field names, as the form names them (capacityBytes is entered in GB). */
export const SERVER_FIELDS: Record<string, keyof OfficeFormValues> = {
  parentId: "parentId",
  type: "type",
  name: "name",
  code: "code",
  contactName: "contactName",
  contactPhone: "contactPhone",
  contactEmail: "contactEmail",
  address: "address",
  remarks: "remarks",
  capacityBytes: "capacityGb",
  terminalQuota: "terminalQuota",
  expiresAt: "expiresAt",
  enabled: "enabled",
};

/** The values of a stored office in the form. */
export function toFormValues(o: OfficeDetail): OfficeFormValues {
  return {
    name: o.name,
    code: o.code ?? "",
    contactName: o.contactName ?? "",
    contactPhone: o.contactPhone ?? "",
    contactEmail: o.contactEmail ?? "",
    address: o.address ?? "",
    remarks: o.remarks ?? "",
    capacityGb: bytesToGb(o.capacityBytes),
    terminalQuota: o.terminalQuota,
    expiresAt: expiryDay(o.expiresAt),
    enabled: o.enabled,
  };
}

/**
 * The body of office/save. A new office sends everything; an edit sends its
 * quotas, term and state only when they changed, so the administrator of a
 * tenant can edit its name and contact without touching limits that only
 * someone above it may change (the server refuses those).
 */
export function toSaveBody(
  v: OfficeFormValues,
  kind: OfficeType | undefined,
  original: OfficeDetail | null,
): OfficeSaveBody {
  const text = (s: string | undefined) => (s ?? "").trim();
  const out: OfficeSaveBody = {
    name: v.name.trim(),
    code: text(v.code),
    contactName: text(v.contactName),
    contactPhone: text(v.contactPhone),
    contactEmail: text(v.contactEmail),
    address: text(v.address),
    remarks: text(v.remarks),
  };
  const tenant = kind !== undefined && isTenant(kind);
  const capacityBytes = gbToBytes(v.capacityGb);
  const terminalQuota = v.terminalQuota ?? null;
  const expiresAt = expiryOf(v.expiresAt);
  if (!original) {
    out.parentId = v.parentId;
    out.type = v.type;
    out.enabled = v.enabled;
    if (tenant) Object.assign(out, { capacityBytes, terminalQuota, expiresAt });
    return out;
  }
  out.id = original.id;
  if (tenant) {
    if (bytesToGb(original.capacityBytes) !== (v.capacityGb ?? null)) out.capacityBytes = capacityBytes;
    if (original.terminalQuota !== terminalQuota) out.terminalQuota = terminalQuota;
    const before = expiryDay(original.expiresAt)?.format("YYYY-MM-DD") ?? null;
    if (before !== (v.expiresAt?.format("YYYY-MM-DD") ?? null)) out.expiresAt = expiresAt;
  }
  // The platform is never disabled.
  if (original.parentId !== null && original.enabled !== v.enabled) out.enabled = v.enabled;
  return out;
}
