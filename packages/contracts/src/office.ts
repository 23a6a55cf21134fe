import { z } from "zod";
import { Envelope, Paging, pageOf, zBool, zId } from "./common";

/**
 * Institutions, agents and customers: the office tree under
 * /apm-web/a/api/office/ and customer accounts under /apm-web/a/api/customer/
 * (spec §7 "Offices and customers"). One tree: platform → agents → customers
 * → institutions; agents sit directly under the platform, customers under the
 * platform or an agent, institutions anywhere.
 */
export const OFFICE_TYPES = ["platform", "agent", "customer", "institution"] as const;
export type OfficeType = (typeof OFFICE_TYPES)[number];
/** The kinds `save` creates: the platform exists once, from the system's initialisation. */
export const NEW_OFFICE_TYPES = ["institution", "customer", "agent"] as const;
/** The tenants below the platform: offices with their own roles, quotas, expiry and branding. */
export const CUSTOMER_TYPES = ["agent", "customer"] as const;

/** The state of an office as lists show it; "expiring" ends within EXPIRING_DAYS. */
export const OFFICE_STATES = ["active", "expiring", "expired", "disabled"] as const;
export type OfficeState = (typeof OFFICE_STATES)[number];
export const EXPIRING_DAYS = 30;
const DAY_MS = 86_400_000;

/** An office's own state at `now` (the state of the offices above it is not part of it). */
export function officeState(
  o: { enabled: boolean; expiresAt: string | Date | null },
  now: Date,
): OfficeState {
  if (!o.enabled) return "disabled";
  if (o.expiresAt === null) return "active";
  const left = new Date(o.expiresAt).getTime() - now.getTime();
  if (left <= 0) return "expired";
  return left <= EXPIRING_DAYS * DAY_MS ? "expiring" : "active";
}

/** Whole days until `expiresAt` (0 on its last day, negative once passed); null: never expires. */
export function daysToExpiry(expiresAt: string | Date | null, now: Date): number | null {
  if (expiresAt === null) return null;
  return Math.floor((new Date(expiresAt).getTime() - now.getTime()) / DAY_MS);
}

/** Bytes in one GB, as the console enters storage quotas. */
export const GB = 1024 ** 3;

/** Text that may be emptied: "" is stored as null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === "" ? null : v));

/**
 * A count or size that may be cleared: null (or "" from a form) means
 * unlimited; a form sends digits. The number comes first: a refusal reads
 * "must be a number".
 */
const nullableCount = (max: number) =>
  z.union([
    z.number().int().min(0).max(max),
    z
      .string()
      .regex(/^\d{1,16}$/, "validation.format")
      .transform(Number)
      .pipe(z.number().int().min(0).max(max)),
    z.null(),
    z.literal("").transform(() => null),
  ]);

/** Contact details of an agent or customer (also kept for institutions). */
const contactFields = {
  contactName: optionalText(64).optional(),
  contactPhone: optionalText(32)
    .refine((v) => v === null || /^[+\d][\d\s()-]{3,31}$/.test(v), "validation.format")
    .optional(),
  contactEmail: z
    .union([z.literal(""), z.email().max(254)])
    .transform((v) => (v === "" ? null : v))
    .optional(),
};

/** Quotas and expiry of a tenant: absent keeps, null clears (unlimited / never). */
const tenantFields = {
  /** Storage quota in bytes (the console enters GB). */
  capacityBytes: nullableCount(Number.MAX_SAFE_INTEGER).optional(),
  /** How many terminals the tenant (and everything below it) may authorise. */
  terminalQuota: nullableCount(10_000_000).optional(),
  expiresAt: z
    .union([z.iso.datetime({ offset: true }), z.null(), z.literal("").transform(() => null)])
    .optional(),
};

/** One office as the tree and lists show it. */
export const OfficeNode = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  name: z.string(),
  type: z.enum(OFFICE_TYPES),
  code: z.string().nullable(),
  enabled: z.boolean(),
  expiresAt: z.string().nullable(),
  state: z.enum(OFFICE_STATES),
  /** Direct children (all of them lie in the caller's range: ranges are whole subtrees). */
  childCount: z.number(),
  isLeaf: z.boolean(),
});
export type OfficeNode = z.infer<typeof OfficeNode>;

export interface OfficeTreeNodeT extends OfficeNode {
  children: OfficeTreeNodeT[];
}
export const OfficeTreeNode: z.ZodType<OfficeTreeNodeT> = z.lazy(() =>
  OfficeNode.extend({ children: z.array(OfficeTreeNode) }),
);

/** GET treeDataNew: the whole tree of the caller's range. */
export const OfficeTreeResponse = Envelope.extend({ tree: z.array(OfficeTreeNode) });

/** GET officeDynamicData: the children of `id`, or without it the caller's root office(s). */
export const OfficeDynamicQuery = z.strictObject({ id: zId.optional() });
export const OfficeNodesResponse = Envelope.extend({ list: z.array(OfficeNode) });

/** GET searchOffice: offices of the range whose name contains `name`. */
export const OfficeSearchQuery = z.strictObject({
  name: z.string().trim().min(1).max(100),
  type: z.enum(OFFICE_TYPES).optional(),
});
/** A hit with the names from the caller's root down to it (to open the tree there), the hit last. */
export const OfficeHit = OfficeNode.extend({
  trail: z.array(z.object({ id: z.number(), name: z.string() })),
});
export const OfficeSearchResponse = Envelope.extend({ list: z.array(OfficeHit), more: z.boolean() });

/** GET office/findChild: the direct children of `id`, a page at a time. */
export const OfficeChildQuery = Paging.extend({
  id: zId,
  name: z.string().trim().max(100).optional(),
}).strict();
/** A child with what it and everything below it hold. */
export const OfficeChild = OfficeNode.extend({
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  terminalQuota: z.number().nullable(),
  capacityBytes: z.number().nullable(),
  users: z.number(),
  terminals: z.number(),
  createDate: z.string(),
});
export type OfficeChild = z.infer<typeof OfficeChild>;
export const OfficeChildResponse = pageOf(OfficeChild);

/**
 * POST office/save: creates (no id: `parentId` and `type` required) or edits an
 * institution, agent or customer. On an edit an absent field keeps its value;
 * the kind and the parent do not change here (openAgentOffice, moveinstitude).
 */
export const OfficeSaveBody = z.strictObject({
  id: zId.optional(),
  parentId: zId.optional(),
  type: z.enum(NEW_OFFICE_TYPES).optional(),
  name: z.string().trim().min(1).max(100),
  code: optionalText(50).optional(),
  ...contactFields,
  address: optionalText(200).optional(),
  remarks: optionalText(500).optional(),
  sort: z.coerce.number().int().min(0).max(1_000_000).optional(),
  ...tenantFields,
  enabled: zBool.optional(),
});
export type OfficeSaveBody = z.input<typeof OfficeSaveBody>;

/** One office with every field (the edit form reads it). */
export const OfficeDetail = OfficeNode.extend({
  path: z.string(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  address: z.string().nullable(),
  remarks: z.string().nullable(),
  sort: z.number(),
  capacityBytes: z.number().nullable(),
  terminalQuota: z.number().nullable(),
  createDate: z.string(),
  updateDate: z.string(),
});
export type OfficeDetail = z.infer<typeof OfficeDetail>;
export const OfficeSaveResponse = Envelope.extend({ office: OfficeDetail });

/** GET office/officeInfo: one office with every field. */
export const OfficeInfoQuery = z.strictObject({ id: zId });
export const OfficeInfoResponse = Envelope.extend({ office: OfficeDetail });

/** POST deleteOffice: refused (409) while it holds anything; `holds` says what. */
export const DeleteOfficeBody = z.strictObject({ id: zId });

/** POST moveinstitude: puts office `id` (and everything below it) under `parentId`. */
export const MoveOfficeBody = z.strictObject({ id: zId, parentId: zId });

/** POST openAgentOffice: turns an institution directly under the platform into an agent. */
export const OpenAgentBody = z.strictObject({
  id: zId,
  ...contactFields,
  ...tenantFields,
});

/** GET findInstantStatistics: what lies at and below office `id`. */
export const InstantStatisticsQuery = z.strictObject({ id: zId });
export const InstantStatistics = z.object({
  officeId: z.number(),
  /** Offices below it, by kind. */
  institutions: z.number(),
  agents: z.number(),
  customers: z.number(),
  users: z.number(),
  terminals: z.object({
    total: z.number(),
    /** Authorised and connected now. */
    online: z.number(),
    /** Authorised and not connected. */
    offline: z.number(),
    pending: z.number(),
    disabled: z.number(),
  }),
  materials: z.number(),
  /** Bytes of stored files (each file counted once, as the storage quota counts them). */
  storageBytes: z.number(),
  programs: z.number(),
});
export type InstantStatistics = z.infer<typeof InstantStatistics>;
export const InstantStatisticsResponse = Envelope.extend({ statistics: InstantStatistics });

/** An agent or customer as the customer lists show it. */
export const CustomerSummary = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(CUSTOMER_TYPES),
  parentId: z.number().nullable(),
  parentName: z.string().nullable(),
  code: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  capacityBytes: z.number().nullable(),
  terminalQuota: z.number().nullable(),
  expiresAt: z.string().nullable(),
  enabled: z.boolean(),
  state: z.enum(OFFICE_STATES),
  createDate: z.string(),
});
export type CustomerSummary = z.infer<typeof CustomerSummary>;
export const CustomerPage = pageOf(CustomerSummary);

/** GET customer/findChild: the customers directly under an agent or the platform (`id`, else the caller's own). */
export const CustomerChildQuery = Paging.extend({ id: zId.optional() }).strict();

/** GET searchCustomer: customers (or agents) of the caller's range by name or contact, state and agent. */
export const SearchCustomerQuery = Paging.extend({
  keyword: z.string().trim().max(100).optional(),
  state: z.enum(OFFICE_STATES).optional(),
  type: z.enum(CUSTOMER_TYPES).default("customer"),
  /** Only those directly under this agent (or the platform). */
  parentId: zId.optional(),
}).strict();

/** GET customerInfo: one agent or customer, with its usage against its quotas. */
export const CustomerInfoQuery = z.strictObject({ id: zId });
export const CustomerInfo = CustomerSummary.extend({
  address: z.string().nullable(),
  remarks: z.string().nullable(),
  secondDomainName: z.string().nullable(),
  daysToExpiry: z.number().nullable(),
  /** Set when an office above it (or it) is disabled or expired: nobody of it signs in. */
  blockedBy: z
    .object({ id: z.number(), name: z.string(), reason: z.enum(["disabled", "expired"]) })
    .nullable(),
  usage: z.object({
    storageBytes: z.number(),
    /** Terminals holding a place in the quota: authorised, or disabled after being authorised. */
    terminalsAuthorised: z.number(),
    terminals: z.number(),
    users: z.number(),
    customers: z.number(),
  }),
  adminRole: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type CustomerInfo = z.infer<typeof CustomerInfo>;
export const CustomerInfoResponse = Envelope.extend({ customer: CustomerInfo });

/** GET customerDynamicData: one level of the tree of agents and customers (no id: the caller's own). */
export const CustomerDynamicQuery = z.strictObject({ id: zId.optional() });
export const CustomerTreeNode = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  name: z.string(),
  type: z.enum(["platform", "agent", "customer"]),
  state: z.enum(OFFICE_STATES),
  /** No agents or customers below it. */
  isLeaf: z.boolean(),
});
export type CustomerTreeNode = z.infer<typeof CustomerTreeNode>;
export const CustomerTreeResponse = Envelope.extend({ list: z.array(CustomerTreeNode) });
