import type { Branding, BrandingInput } from "@marquee/contracts";
import { domainLabelProblem } from "@marquee/contracts";

/**
 * The address a tenant's second-level domain gives, seen from this page: the
 * label in front of the current host without its first label (on
 * "admin.signage.example:8080", "acme.signage.example:8080"), or in front of
 * the whole host when it has a single label or is an address
 * ("localhost:8080" gives "acme.localhost:8080").
 */
export function domainAddress(label: string, location: { protocol: string; host: string }): string {
  const [name = "", port] = location.host.split(/:(?=\d+$)/);
  const labels = name.split(".");
  const isAddress = /^[\d.]+$/.test(name) || name.startsWith("[");
  const rest = labels.length >= 2 && !isAddress ? labels.slice(1).join(".") : name;
  return `${location.protocol}//${label}.${rest}${port ? `:${port}` : ""}`;
}

/** The label as the server stores it, and what is wrong with it before asking the server. */
export function normaliseLabel(raw: string): {
  label: string;
  problem: "empty" | "format" | "reserved" | null;
} {
  const label = raw.trim().toLowerCase();
  if (label === "") return { label, problem: "empty" };
  return { label, problem: domainLabelProblem(label) };
}

/** What the personalised-interface form edits. */
export interface BrandFormValues {
  title: string;
  tag: string;
  copyright: string;
  themeColor: string;
  logo: string;
  favicon: string;
  loginBackground: string;
  footerLinks: Array<{ name?: string; link?: string }>;
  footerHtml: string;
  /** The footer's filing record: its number and, optionally, its link. */
  filingText: string;
  filingUrl: string;
}

export function formFromBranding(b: Branding): BrandFormValues {
  return {
    title: b.title ?? "",
    tag: b.tag ?? "",
    copyright: b.copyright ?? "",
    themeColor: b.themeColor ?? "",
    logo: b.logo ?? "",
    favicon: b.favicon ?? "",
    loginBackground: b.loginBackground ?? "",
    footerLinks: b.footerLinks ?? [],
    footerHtml: b.footerHtml ?? "",
    filingText: b.filing?.text ?? "",
    filingUrl: b.filing?.url ?? "",
  };
}

/** What the form saves: empty fields are left out (they inherit), link rows left blank are dropped. */
export function brandingFromForm(v: Partial<BrandFormValues>): BrandingInput {
  const out: Record<string, unknown> = {};
  for (const key of [
    "title",
    "tag",
    "copyright",
    "themeColor",
    "logo",
    "favicon",
    "loginBackground",
    "footerHtml",
  ] as const) {
    const value = v[key]?.trim();
    if (value) out[key] = value;
  }
  const links = (v.footerLinks ?? [])
    .map((l) => ({ name: l?.name?.trim() ?? "", link: l?.link?.trim() ?? "" }))
    .filter((l) => l.name !== "" || l.link !== "");
  if (links.length) out.footerLinks = links;
  // A link without its text is sent as it is, so the server names the missing text.
  const filingText = v.filingText?.trim() ?? "";
  const filingUrl = v.filingUrl?.trim() ?? "";
  if (filingText || filingUrl)
    out.filing = filingUrl ? { text: filingText, url: filingUrl } : { text: filingText };
  return out as BrandingInput;
}

/**
 * The form field of a server field error: "branding.footerLinks.0.link"
 * → ["footerLinks", 0, "link"]; "branding.filing.url" → ["filingUrl"];
 * "image" and others stay as they are.
 */
export function formFieldOf(serverField: string): Array<string | number> {
  const field = serverField.replace(/^branding\./, "");
  if (field === "filing.text" || field === "filing") return ["filingText"];
  if (field === "filing.url") return ["filingUrl"];
  const parts = field.split(".");
  return parts.map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/** Reads a file as a data URL (what uploadBrandImage takes). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsDataURL(file);
  });
}
