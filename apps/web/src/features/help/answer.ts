import { sanitizeSimpleHtml } from "../../components/html";

/** Whether an answer carries markup, or is plain text (shown with its line breaks). */
export const hasMarkup = (answer: string) => /<\/?[a-z][^>]*>/i.test(answer);

/** An answer as the page may show it: sanitised again here, whatever the server kept. */
export const safeAnswerHtml = sanitizeSimpleHtml;

/**
 * The answer as its author typed it, for editing: a plain-text answer comes
 * back from the server with its &lt; &amp; escaped; they are turned back.
 */
export function answerForEditing(answer: string): string {
  if (hasMarkup(answer)) return answer;
  return answer
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&nbsp;/g, "\u00a0")
    .replace(/&amp;/g, "&");
}
