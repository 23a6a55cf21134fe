import DOMPurify from "dompurify";

/**
 * Rich text of a text widget is operator-written HTML that ends up on public
 * screens: only a few formatting tags survive, and of inline styles only
 * colour, size, weight, slant and decoration, with plain values.
 */
const TAGS = ["b", "i", "u", "s", "strong", "em", "br", "p", "div", "span"];
const STYLE_PROPS = new Set(["color", "font-size", "font-weight", "font-style", "text-decoration"]);
/** Keywords, numbers with units, #hex and rgb()/hsl() colours; no other function (url(), expression()…). */
const SAFE_CHARS = /^[#\w\s.,%()/+-]+$/;
const COLOR_FUNCTIONS = new Set(["rgb", "rgba", "hsl", "hsla"]);

function safeValue(value: string): boolean {
  if (!value || !SAFE_CHARS.test(value)) return false;
  for (const m of value.matchAll(/([\w-]*)\s*\(/g))
    if (!COLOR_FUNCTIONS.has((m[1] ?? "").toLowerCase())) return false;
  return true;
}

function cleanStyle(style: string): string {
  const kept: string[] = [];
  for (const decl of style.split(";")) {
    const at = decl.indexOf(":");
    if (at < 0) continue;
    const prop = decl.slice(0, at).trim().toLowerCase();
    const value = decl.slice(at + 1).trim();
    if (STYLE_PROPS.has(prop) && safeValue(value)) kept.push(`${prop}: ${value}`);
  }
  return kept.join("; ");
}

let purifier: ReturnType<typeof DOMPurify> | null = null;

function instance(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  // A private instance: the style hook must not leak into other users of DOMPurify on the page.
  const p = DOMPurify(window);
  p.addHook("uponSanitizeAttribute", (_node, data) => {
    if (data.attrName !== "style") return;
    const clean = cleanStyle(data.attrValue);
    if (clean) data.attrValue = clean;
    else data.keepAttr = false;
  });
  purifier = p;
  return p;
}

/** The allow-listed subset of an operator's rich text, safe to set as innerHTML. */
export function sanitizeRichText(html: string): string {
  return instance().sanitize(html, { ALLOWED_TAGS: TAGS, ALLOWED_ATTR: ["style"], KEEP_CONTENT: true });
}
