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
  /** The filing link shown in the footer. */
  filing: { text: string; link: string };
}

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
    filing: { text: "", link: "" },
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
    filing: { text: "", link: "" },
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
    filing: { text: "", link: "" },
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
