/** Plain text as the rich-text editor's starting HTML: escaped, one line break per newline. */
export function plainToHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/\r?\n/g, "<br>");
}

/** Tags the rich-text box keeps (the renderer allows the same subset and sanitises again). */
export const RICH_TAGS = ["b", "i", "u", "s", "strong", "em", "br", "p", "div", "span"];
