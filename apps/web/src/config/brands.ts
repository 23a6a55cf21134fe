import type { Branding } from "@marquee/contracts";

/** A brand (spec §1), chosen by matching the page address against its key. */
export interface Brand {
  key: "default" | "lango" | "yama";
  title: string;
  tag: string;
  showLogo: boolean;
  textStart: boolean;
  dualScreen: boolean;
  copyRight: string;
  linkList: Array<{ link: string; name: string }>;
  customContent: string;
  logo: string;
  icoImg: string;
  /** The filing link shown in the footer (spec §1): a record number and its registry's address ("" for none). */
  filing: { text: string; link: string };
  /** A tenant's theme colour (#rrggbb), when its brand sets one. */
  themeColor?: string;
  /** A tenant's sign-in background image, when its brand sets one. */
  loginBackground?: string;
}

/**
 * A built-in brand holds no filing record: a made-up number would claim a registration nobody holds. An
 * installation shows its own (an ICP number and its registry's address, for example) by setting the
 * platform's filing in the personalised interface; each tenant may set its own there too.
 */
const NO_FILING = { text: "", link: "" };

/**
 * The built-in brands (the "site configuration" of spec §1).
 */
export const BRANDS: Record<Brand["key"], Brand> = {
  default: {
    key: "default",
    title: "default",
    tag: "Marquee",
    showLogo: true,
    textStart: true,
    dualScreen: false,
    copyRight: "© 2026 Marquee",
    linkList: [],
    customContent: "",
    logo: "/logo.svg",
    icoImg: "/favicon.svg",
    filing: NO_FILING,
  },
  lango: {
    key: "lango",
    title: "Lango Signage",
    tag: "Lango",
    showLogo: true,
    textStart: true,
    dualScreen: true,
    copyRight: "© 2026 Lango",
    linkList: [{ link: "https://lango.example", name: "Lango" }],
    customContent: "",
    logo: "/logo.svg",
    icoImg: "/favicon.svg",
    filing: NO_FILING,
  },
  yama: {
    key: "yama",
    title: "Yama Display",
    tag: "Yama",
    showLogo: true,
    textStart: false,
    dualScreen: false,
    copyRight: "© 2026 Yama",
    linkList: [],
    customContent: "",
    logo: "/logo.svg",
    icoImg: "/favicon.svg",
    filing: NO_FILING,
  },
};

/** The brand whose key appears in the page address (host, then path), else default (spec §1). */
export function pickBrand(href: string): Brand {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return BRANDS.default;
  }
  const haystack = `${url.hostname} ${url.pathname}`.toLowerCase();
  for (const key of ["lango", "yama"] as const) if (haystack.includes(key)) return BRANDS[key];
  return BRANDS.default;
}

/**
 * Whether a page of this site shows the tenant's own logo (spec §1: "If the
 * site configuration's title value is default, the user's own logo is
 * used"). The site configuration is the built-in brand its address picked:
 * the default one, whose title is "default", shows the logo of the user's
 * tenant (imgSetting's logo, or before sign-in the logo of the Host's tenant);
 * a named site (lango, yama) always shows its own logo. A tenant's title does
 * not change the answer: it is the site's configuration that is read.
 */
export function showsOwnLogo(brand: Pick<Brand, "key">): boolean {
  return BRANDS[brand.key].title === "default";
}

/**
 * A built-in brand with a tenant's white-label over it: each field
 * the branding sets replaces the built-in one; the rest stays, and the logo
 * only where the site shows the tenant's own (showsOwnLogo). The server has
 * already merged the tenant's brand over its parents' and the platform's.
 */
export function applyBranding(base: Brand, b: Branding | null | undefined): Brand {
  if (!b) return base;
  const set = (v: string | undefined) => (v?.trim() ? v : undefined);
  const logo = showsOwnLogo(base) ? set(b.logo) : undefined;
  return {
    ...base,
    title: set(b.title) ?? base.title,
    tag: set(b.tag) ?? base.tag,
    copyRight: set(b.copyright) ?? base.copyRight,
    linkList: b.footerLinks?.length
      ? b.footerLinks.map((l) => ({ link: l.link, name: l.name }))
      : base.linkList,
    customContent: set(b.footerHtml) ?? base.customContent,
    filing: set(b.filing?.text) ? { text: b.filing?.text ?? "", link: b.filing?.url ?? "" } : base.filing,
    logo: logo ?? base.logo,
    showLogo: logo ? true : base.showLogo,
    icoImg: set(b.favicon) ?? base.icoImg,
    themeColor: set(b.themeColor) ?? base.themeColor,
    loginBackground: set(b.loginBackground) ?? base.loginBackground,
  };
}

/**
 * The brand a page shows: the built-in brand of its address, then the
 * brand of the signed-in user's tenant, or before sign-in the brand the
 * server answers for this Host. A legacy personal logo (imgSetting without
 * `branding`) still shows.
 */
export function effectiveBrand(
  href: string,
  host: Branding | null | undefined,
  personal: { logo: string | null; branding?: Branding | null } | null | undefined,
): Brand {
  const base = pickBrand(href);
  if (personal?.branding) return applyBranding(base, personal.branding);
  if (personal?.logo) return applyBranding(base, { logo: personal.logo, favicon: personal.logo });
  return applyBranding(base, host);
}

/** The primary colour: the user's own choice in the settings drawer, else the brand's, else the default. */
export function primaryColor(
  userColor: string,
  defaultColor: string,
  brandColor: string | undefined,
): string {
  return userColor.toLowerCase() === defaultColor.toLowerCase() && brandColor ? brandColor : userColor;
}
