// @vitest-environment jsdom
import { mergeBrandings } from "@marquee/contracts";
import { describe, expect, it } from "vitest";
import { sanitizeSimpleHtml } from "../src/components/html";
import {
  applyBranding,
  BRANDS,
  effectiveBrand,
  pickBrand,
  primaryColor,
  showsOwnLogo,
} from "../src/config/brands";
import {
  brandingFromForm,
  domainAddress,
  formFieldOf,
  formFromBranding,
  normaliseLabel,
} from "../src/features/brand/logic";

describe("brand merge: built-in brand, then the tenant's white-label", () => {
  it("keeps the spec's built-in brands, picked by the address, default as the fallback", () => {
    expect(pickBrand("https://lango.example.com/login").key).toBe("lango");
    expect(pickBrand("http://localhost:8080/yama/home").key).toBe("yama");
    expect(pickBrand("http://acme.localhost:8080/login").key).toBe("default");
    expect(pickBrand("not a url").key).toBe("default");
  });

  it("replaces exactly the fields a branding sets", () => {
    const b = applyBranding(BRANDS.default, {
      title: "ACME Signage",
      logo: "/apm-web/f/brand/a.png",
      favicon: "/apm-web/f/brand/b.ico",
      copyright: "© ACME",
      footerLinks: [{ name: "Home", link: "https://acme.example" }],
      footerHtml: "<b>hi</b>",
      themeColor: "#aa3300",
      loginBackground: "/apm-web/f/brand/c.jpg",
      tag: "  ",
    });
    expect(b).toMatchObject({
      key: "default",
      title: "ACME Signage",
      tag: BRANDS.default.tag,
      logo: "/apm-web/f/brand/a.png",
      showLogo: true,
      icoImg: "/apm-web/f/brand/b.ico",
      copyRight: "© ACME",
      linkList: [{ name: "Home", link: "https://acme.example" }],
      customContent: "<b>hi</b>",
      themeColor: "#aa3300",
      loginBackground: "/apm-web/f/brand/c.jpg",
    });
    expect(applyBranding(BRANDS.lango, {})).toEqual(BRANDS.lango);
    expect(applyBranding(BRANDS.yama, null)).toBe(BRANDS.yama);
  });

  it("shows no made-up filing record on a built-in brand, and a tenant's filing shows", () => {
    for (const key of ["default", "lango", "yama"] as const) {
      expect(BRANDS[key].filing).toEqual({ text: "", link: "" });
    }
    const own = applyBranding(BRANDS.default, {
      filing: { text: "ACME-REC-42", url: "https://rec.example/42" },
    });
    expect(own.filing).toEqual({ text: "ACME-REC-42", link: "https://rec.example/42" });
    // a record without a link shows as text; an empty one inherits
    expect(applyBranding(BRANDS.yama, { filing: { text: "REC 7" } }).filing).toEqual({
      text: "REC 7",
      link: "",
    });
    expect(applyBranding(BRANDS.lango, { filing: { text: " " } }).filing).toEqual(BRANDS.lango.filing);
  });

  it("shows the tenant's own logo only where the site configuration's title is default (spec §1)", () => {
    expect(BRANDS.default.title).toBe("default");
    expect(showsOwnLogo(BRANDS.default)).toBe(true);
    expect(showsOwnLogo(BRANDS.lango)).toBe(false);
    expect(showsOwnLogo(BRANDS.yama)).toBe(false);
    const personal = {
      logo: "/apm-web/f/brand/acme.png",
      branding: { title: "ACME", logo: "/apm-web/f/brand/acme.png" },
    };
    // the default site: the user's own (their tenant's) logo
    const onDefault = effectiveBrand("http://localhost:8080/home", null, personal);
    expect(onDefault).toMatchObject({
      key: "default",
      logo: "/apm-web/f/brand/acme.png",
      showLogo: true,
      title: "ACME",
    });
    // a named site keeps its logo; the tenant's other fields still apply
    const onLango = effectiveBrand("https://lango.example.com/home", null, personal);
    expect(onLango).toMatchObject({ key: "lango", logo: BRANDS.lango.logo, title: "ACME" });
    const legacy = effectiveBrand("https://yama.example.com/home", null, { logo: "/old.png" });
    expect(legacy.logo).toBe(BRANDS.yama.logo);
    // before sign-in, the Host's tenant follows the same rule
    const host = { logo: "/apm-web/f/brand/host.png" };
    expect(effectiveBrand("http://acme.localhost:8080/login", host, null).logo).toBe(
      "/apm-web/f/brand/host.png",
    );
    expect(effectiveBrand("http://acme.lango.example/login", host, null).logo).toBe(BRANDS.lango.logo);
    // a tenant title over the default brand does not make it a named site: the chain keeps the rule
    const chained = applyBranding(applyBranding(BRANDS.default, { title: "Agent" }), { logo: "/x.png" });
    expect(chained.logo).toBe("/x.png");
  });

  it("shows the host's brand before sign-in and the user's tenant brand after", () => {
    const href = "http://acme.localhost:8080/login";
    const host = { title: "ACME by host" };
    expect(effectiveBrand(href, host, null).title).toBe("ACME by host");
    const personal = { logo: null, branding: { title: "My tenant" } };
    expect(effectiveBrand(href, host, personal).title).toBe("My tenant");
    // A session saved before branding existed still shows its logo.
    const legacy = effectiveBrand(href, host, { logo: "/old.png" });
    expect(legacy).toMatchObject({ logo: "/old.png", icoImg: "/old.png", title: BRANDS.default.title });
    expect(effectiveBrand(href, null, null)).toEqual(BRANDS.default);
  });

  it("merges layers nearest first, skipping empty and wrongly typed values", () => {
    const merged = mergeBrandings([
      { title: "ACME", tag: "", footerLinks: [], filing: { text: "  " } },
      null,
      {
        tag: "Agent tag",
        footerLinks: [{ name: "A", link: "https://a.example" }],
        filing: "REC" as unknown as { text: string },
      },
      {
        title: "Platform",
        copyright: "© P",
        logo: 42 as unknown as string,
        filing: { text: "P-REC", url: "https://p.example", extra: 1 } as unknown as { text: string },
      },
    ]);
    expect(merged).toEqual({
      title: "ACME",
      tag: "Agent tag",
      footerLinks: [{ name: "A", link: "https://a.example" }],
      copyright: "© P",
      filing: { text: "P-REC", url: "https://p.example" },
    });
  });

  it("uses the brand's colour until the user picks their own", () => {
    expect(primaryColor("#65a7f3", "#65a7f3", "#aa3300")).toBe("#aa3300");
    expect(primaryColor("#65A7F3", "#65a7f3", undefined)).toBe("#65A7F3");
    expect(primaryColor("#722ed1", "#65a7f3", "#aa3300")).toBe("#722ed1");
  });

  it("sanitises footer HTML in the console too", () => {
    const html = sanitizeSimpleHtml(
      '<b>ok</b><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a><a href="https://a.example" onclick="y()">a</a><span style="position:fixed">s</span>',
    );
    expect(html).toBe('<b>ok</b><a>x</a><a href="https://a.example">a</a><span>s</span>');
  });
});

describe("the personalised-interface form", () => {
  it("saves only what is filled in, so the rest inherits", () => {
    expect(
      brandingFromForm({
        title: " ACME ",
        tag: "",
        themeColor: "",
        logo: "/apm-web/f/brand/x.png",
        footerLinks: [{ name: "Home", link: "https://a.example" }, { name: "", link: "" }, {}],
        footerHtml: "  ",
      }),
    ).toEqual({
      title: "ACME",
      logo: "/apm-web/f/brand/x.png",
      footerLinks: [{ name: "Home", link: "https://a.example" }],
    });
    expect(formFromBranding({ title: "T" })).toMatchObject({
      title: "T",
      tag: "",
      footerLinks: [],
      filingText: "",
    });
    expect(brandingFromForm({ filingText: " REC 1 ", filingUrl: "" })).toEqual({ filing: { text: "REC 1" } });
    expect(brandingFromForm({ filingText: "REC 1", filingUrl: "https://r.example" })).toEqual({
      filing: { text: "REC 1", url: "https://r.example" },
    });
    // a link alone goes to the server, which names the missing text
    expect(brandingFromForm({ filingText: "", filingUrl: "https://r.example" })).toEqual({
      filing: { text: "", url: "https://r.example" },
    });
    expect(formFromBranding({ filing: { text: "REC", url: "https://r.example" } })).toMatchObject({
      filingText: "REC",
      filingUrl: "https://r.example",
    });
  });

  it("puts a server field error on its form field", () => {
    expect(formFieldOf("branding.footerLinks.0.link")).toEqual(["footerLinks", 0, "link"]);
    expect(formFieldOf("branding.themeColor")).toEqual(["themeColor"]);
    expect(formFieldOf("branding.filing.text")).toEqual(["filingText"]);
    expect(formFieldOf("branding.filing.url")).toEqual(["filingUrl"]);
  });
});

describe("second-level domain labels", () => {
  it("normalises a typed label and tells what is wrong before asking the server", () => {
    expect(normaliseLabel("  ACME ")).toEqual({ label: "acme", problem: null });
    expect(normaliseLabel("")).toEqual({ label: "", problem: "empty" });
    expect(normaliseLabel("-x").problem).toBe("format");
    expect(normaliseLabel("a.b").problem).toBe("format");
    expect(normaliseLabel("WWW").problem).toBe("reserved");
    expect(normaliseLabel("x".repeat(63)).problem).toBeNull();
    expect(normaliseLabel("x".repeat(64)).problem).toBe("format");
  });

  it("previews the address: the label in place of the host's first label, or before a bare host", () => {
    expect(domainAddress("acme", { protocol: "https:", host: "admin.signage.example" })).toBe(
      "https://acme.signage.example",
    );
    expect(domainAddress("acme", { protocol: "http:", host: "localhost:8080" })).toBe(
      "http://acme.localhost:8080",
    );
    expect(domainAddress("beta", { protocol: "http:", host: "acme.localhost:8080" })).toBe(
      "http://beta.localhost:8080",
    );
    expect(domainAddress("acme", { protocol: "http:", host: "127.0.0.1:8080" })).toBe(
      "http://acme.127.0.0.1:8080",
    );
  });
});
