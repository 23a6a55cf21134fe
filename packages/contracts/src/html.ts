/**
 * The HTML that operators may write where every tenant's users read it (FAQ
 * answers, a brand's custom footer): simple formatting, lists and links, no
 * scripts, styles, images, frames or forms. The server keeps only this
 * (sanitize-html) and the console sanitises again (DOMPurify) before showing it.
 */
export const SIMPLE_HTML_TAGS = [
  "p",
  "br",
  "b",
  "strong",
  "i",
  "em",
  "u",
  "s",
  "small",
  "span",
  "div",
  "ul",
  "ol",
  "li",
  "a",
  "code",
  "pre",
  "blockquote",
  "h3",
  "h4",
] as const;
export const SIMPLE_HTML_ATTRIBUTES = { a: ["href", "title", "target", "rel"] } as const;
export const SIMPLE_HTML_SCHEMES = ["http", "https", "mailto", "tel"] as const;
