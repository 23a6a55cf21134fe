import { z } from "zod";
import { Envelope, Paging, pageOf, zId } from "./common";

/** A footer link of a tenant's brand. */
export const BrandLink = z.strictObject({
  name: z.string().trim().min(1).max(60),
  link: z
    .string()
    .trim()
    .max(500)
    .regex(/^(https?:\/\/|mailto:)[^\s]+$/, "validation.format"),
});

/**
 * The filing record shown in the footer (spec §1 "a filing link"): an
 * ICP-style record number and the address of the registry that shows it.
 * Without `url` the text shows without a link.
 */
export const BrandFiling = z.strictObject({
  text: z.string().trim().max(100),
  url: z
    .string()
    .trim()
    .max(500)
    .regex(/^(https?:\/\/[^\s]+)?$/, "validation.format")
    .optional(),
});
export type BrandFiling = z.infer<typeof BrandFiling>;

/**
 * A tenant's white-label (personalised interface): every field
 * optional; what is missing falls back to the parent's brand, then the
 * platform's. Image fields hold addresses served by the server.
 */
export const Branding = z.strictObject({
  title: z.string().trim().max(60).optional(),
  tag: z.string().trim().max(60).optional(),
  copyright: z.string().trim().max(200).optional(),
  footerLinks: z.array(BrandLink).max(10).optional(),
  /** Custom footer HTML; sanitised on the server before it is stored and again in the console. */
  footerHtml: z.string().max(5000).optional(),
  /** The footer's filing record (a record number and its link). */
  filing: BrandFiling.optional(),
  /** #rrggbb */
  themeColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, "validation.format")
    .optional(),
  logo: z.string().max(500).optional(),
  favicon: z.string().max(500).optional(),
  loginBackground: z.string().max(500).optional(),
});
export type Branding = z.infer<typeof Branding>;

/** The fields of a brand, in the order the form shows them. */
export const BRANDING_FIELDS = [
  "title",
  "tag",
  "copyright",
  "footerLinks",
  "footerHtml",
  "filing",
  "themeColor",
  "logo",
  "favicon",
  "loginBackground",
] as const satisfies ReadonlyArray<keyof Branding>;

const present = (v: unknown): boolean =>
  typeof v === "string"
    ? v.trim() !== ""
    : Array.isArray(v)
      ? v.length > 0
      : typeof v === "object" && v !== null && "text" in v && typeof v.text === "string"
        ? v.text.trim() !== ""
        : false;

/** Whether a stored value has the type its field takes (a row written by hand may not). */
function typed(field: (typeof BRANDING_FIELDS)[number], value: unknown): boolean {
  if (field === "footerLinks") return Array.isArray(value);
  if (field === "filing")
    return (
      typeof value === "object" &&
      value !== null &&
      !Array.isArray(value) &&
      ((value as { url?: unknown }).url === undefined || typeof (value as { url?: unknown }).url === "string")
    );
  return typeof value === "string";
}

/**
 * A brand made of layers, nearest first (a tenant, then its ancestors, then
 * the platform): each field comes from the first layer that sets it. An empty
 * string or list sets nothing. Values of the wrong type (a row written by hand)
 * are skipped rather than passed on.
 */
export function mergeBrandings(layers: ReadonlyArray<Branding | null | undefined>): Branding {
  const out: Record<string, unknown> = {};
  for (const field of BRANDING_FIELDS) {
    for (const layer of layers) {
      const value = (layer as Record<string, unknown> | null | undefined)?.[field];
      if (!present(value)) continue;
      if (!typed(field, value)) continue;
      if (field === "filing") {
        const { text, url } = value as { text: string; url?: string };
        out[field] = url?.trim() ? { text, url } : { text };
      } else out[field] = value;
      break;
    }
  }
  return out as Branding;
}

/** Kinds of brand image and the largest file of each, in bytes. */
export const BRAND_IMAGE_KINDS = ["logo", "favicon", "loginBackground"] as const;
export type BrandImageKind = (typeof BRAND_IMAGE_KINDS)[number];
export const BRAND_IMAGE_MAX_BYTES: Record<BrandImageKind, number> = {
  logo: 512 * 1024,
  favicon: 128 * 1024,
  loginBackground: 2 * 1024 * 1024,
};
/** Where the server serves uploaded brand images (named by their SHA-256). */
export const BRAND_IMAGE_PREFIX = "/apm-web/f/brand/";
export const BRAND_IMAGE_FILE = /^[0-9a-f]{64}\.(png|jpg|gif|webp|ico)$/;

/** An image field as saved: an image uploaded through uploadBrandImage, or "" (none of its own). */
const BrandImageRef = z
  .string()
  .trim()
  .max(500)
  .refine(
    (v) =>
      v === "" ||
      (v.startsWith(BRAND_IMAGE_PREFIX) && BRAND_IMAGE_FILE.test(v.slice(BRAND_IMAGE_PREFIX.length))),
    "brand.imageRef",
  );

/** Branding as the personalised-interface form sends it: images only from our own uploads. */
export const BrandingInput = Branding.extend({
  /** A link needs the text it is shown as. */
  filing: BrandFiling.refine((f) => f.text !== "" || !f.url, {
    message: "brand.filingTextRequired",
    path: ["text"],
  }).optional(),
  themeColor: z.union([z.literal(""), z.string().regex(/^#[0-9a-fA-F]{6}$/, "brand.colorFormat")]).optional(),
  logo: BrandImageRef.optional(),
  favicon: BrandImageRef.optional(),
  loginBackground: BrandImageRef.optional(),
});
export type BrandingInput = z.infer<typeof BrandingInput>;
const zPersonalType = z.union([
  z.literal(0),
  z.literal(1),
  z.enum(["0", "1"]).transform((v) => (v === "1" ? 1 : 0)),
]);

/**
 * Labels no tenant may take: the names the installation itself answers on
 * (or plausibly will), mail and DNS conventions, and the built-in brand keys
 * the console recognises in the address.
 */
export const RESERVED_DOMAIN_LABELS: ReadonlySet<string> = new Set([
  "www",
  "api",
  "admin",
  "mail",
  "smtp",
  "imap",
  "pop",
  "pop3",
  "webmail",
  "mx",
  "ns",
  "ns1",
  "ns2",
  "dns",
  "ftp",
  "sftp",
  "static",
  "assets",
  "cdn",
  "media",
  "files",
  "player",
  "apm-web",
  "localhost",
  "autodiscover",
  "autoconfig",
  "console",
  "portal",
  "login",
  "auth",
  "sso",
  "docs",
  "status",
  "help",
  "support",
  "platform",
  "root",
  "system",
  "marquee",
  "default",
  "lango",
  "yama",
]);
export const DOMAIN_LABEL_RE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** What is wrong with a (normalised, lower-case) second-level domain label, if anything. */
export function domainLabelProblem(label: string): "format" | "reserved" | null {
  if (!DOMAIN_LABEL_RE.test(label)) return "format";
  if (RESERVED_DOMAIN_LABELS.has(label)) return "reserved";
  return null;
}

/** A second-level domain label as typed: trimmed and lower-cased; "" clears it (null). */
export const DomainLabelInput = z
  .string()
  .max(100)
  .transform((v) => v.trim().toLowerCase())
  .superRefine((v, ctx) => {
    if (v === "") return;
    const problem = domainLabelProblem(v);
    if (problem)
      ctx.addIssue({
        code: "custom",
        message: problem === "format" ? "brand.domainFormat" : "brand.domainReserved",
      });
  })
  .transform((v) => (v === "" ? null : v));

/** A tenant as the white-label screens list it. */
export const PersonalTenant = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  parentName: z.string().nullable(),
  name: z.string(),
  type: z.enum(["platform", "agent", "customer"]),
  personalType: z.number(),
  secondDomainName: z.string().nullable(),
  /** Its own brand's title and logo, when it has them. */
  title: z.string().nullable(),
  logo: z.string().nullable(),
});
export type PersonalTenant = z.infer<typeof PersonalTenant>;

/** GET /a/api/customer/personalSetting: a tenant's brand (the caller's own tenant without officeId). */
export const PersonalSettingQuery = z.strictObject({ officeId: zId.optional() });
export const PersonalSettingResponse = Envelope.extend({
  tenant: PersonalTenant,
  /** What the tenant itself has set. */
  branding: Branding,
  /** What applies where it sets nothing: its ancestors' brands and the platform's, merged. */
  inherited: Branding,
  /** What its users see: `branding` over `inherited` (or only `inherited` while customisation is off). */
  effective: Branding,
  /** Whether its brand may be edited now (the platform, or customisation enabled). */
  editable: z.boolean(),
});
export type PersonalSettingResponse = z.infer<typeof PersonalSettingResponse>;

/** POST /a/api/customer/savePersonalSetting (JSON): replaces the tenant's own brand. */
export const SavePersonalSettingBody = z.strictObject({ officeId: zId, branding: BrandingInput });
export const SavePersonalSettingResponse = Envelope.extend({ branding: Branding, effective: Branding });

const BRAND_IMAGE_DATA_URL_MAX = Math.ceil((BRAND_IMAGE_MAX_BYTES.loginBackground * 4) / 3) + 100;
/** POST /a/api/customer/uploadBrandImage (JSON): an image as a data URL, for one tenant. */
export const UploadBrandImageBody = z.strictObject({
  officeId: zId,
  kind: z.enum(BRAND_IMAGE_KINDS),
  image: z
    .string()
    .max(BRAND_IMAGE_DATA_URL_MAX, "brand.imageTooLargeAny")
    .regex(/^data:[a-z]+\/[a-z0-9+.-]+;base64,[A-Za-z0-9+/=]+$/, "brand.imageInvalid"),
});
export const UploadBrandImageResponse = Envelope.extend({ url: z.string() });

/** POST /a/api/customer/openPersonal: enable (1) or withdraw (0) an agent's or customer's customisation. */
export const OpenPersonalBody = z.strictObject({ id: zId, personalType: zPersonalType });

/** GET /a/api/customer/personalTenants: agents and customers in the caller's range. */
export const PersonalTenantsQuery = Paging.extend({
  name: z.string().trim().max(100).optional(),
  type: z.enum(["agent", "customer"]).optional(),
  personalType: zPersonalType.optional(),
}).strict();
export const PersonalTenantsResponse = pageOf(PersonalTenant);

/** POST /a/api/customer/saveDomainName: set ("" clears) a tenant's label and, optionally, its personalType. */
export const SaveDomainNameBody = z.strictObject({
  id: zId,
  secondDomainName: DomainLabelInput,
  personalType: zPersonalType.optional(),
});

/** GET /a/api/customer/checkDomainName: whether `name` could be the label of tenant `id` (live validation). */
export const CheckDomainNameQuery = z.strictObject({ name: z.string().max(253), id: zId.optional() });
export const CheckDomainNameResponse = Envelope.extend({
  /** The label as it would be stored (trimmed, lower case). */
  name: z.string(),
  available: z.boolean(),
  reason: z.enum(["empty", "format", "reserved", "taken"]).nullable(),
  /** Why not, in the caller's language; null when available. */
  message: z.string().nullable(),
});

/** GET /f/common/brand (open): the brand of the request's Host, before anyone signs in. */
export const HostBrandResponse = Envelope.extend({
  branding: Branding,
  /** The second-level domain label that matched a tenant, or null (the platform's brand). */
  domain: z.string().nullable(),
});

/** GET /a/api/customer/imgSetting (spec §3 User personal info) and the effective brand of the user's tenant. */
export const BrandImgSettingResponse = Envelope.extend({
  secondDomainName: z.string().nullable(),
  personalType: z.number(),
  logo: z.string().nullable(),
  branding: Branding,
});
