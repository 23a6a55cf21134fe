import { SIMPLE_HTML_ATTRIBUTES, SIMPLE_HTML_SCHEMES, SIMPLE_HTML_TAGS } from "@marquee/contracts";
import DOMPurify from "dompurify";

const URI = new RegExp(`^(?:${SIMPLE_HTML_SCHEMES.join("|")}):`, "i");

/** Operator-written HTML as the console may show it: sanitised again here, whatever the server kept. */
export function sanitizeSimpleHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...SIMPLE_HTML_TAGS],
    ALLOWED_ATTR: [...new Set(Object.values(SIMPLE_HTML_ATTRIBUTES).flat())],
    ALLOWED_URI_REGEXP: URI,
  });
}
