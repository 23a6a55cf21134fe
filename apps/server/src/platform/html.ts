import { SIMPLE_HTML_ATTRIBUTES, SIMPLE_HTML_SCHEMES, SIMPLE_HTML_TAGS } from "@marquee/contracts";
import sanitizeHtml from "sanitize-html";

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...SIMPLE_HTML_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(SIMPLE_HTML_ATTRIBUTES).map(([tag, attrs]) => [tag, [...attrs]]),
  ),
  allowedSchemes: [...SIMPLE_HTML_SCHEMES],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // Script and style bodies go with their tags; other unknown tags leave their text.
  nonTextTags: ["script", "style", "textarea", "noscript", "title", "iframe", "object"],
  transformTags: {
    // A link leaves the console in a new tab, without handing it the console's window.
    a: sanitizeHtml.simpleTransform("a", { target: "_blank", rel: "noopener noreferrer" }),
  },
};

/** Operator-written HTML (FAQ answers, a brand's footer) reduced to SIMPLE_HTML_TAGS and safe links. */
export function sanitizeSimpleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Whether sanitised HTML still says something (not only tags and blanks). */
export function htmlHasText(html: string): boolean {
  return (
    sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
      .replace(/&nbsp;/g, " ")
      .trim() !== ""
  );
}
