import { theme } from "antd";
import { hasMarkup, safeAnswerHtml } from "./answer";

/** An FAQ answer: simple HTML, or plain text with its line breaks; sanitised by DOMPurify first. */
export function FaqAnswer({ answer }: { answer: string }) {
  const { token } = theme.useToken();
  return (
    <div
      className="faq-answer"
      style={{
        whiteSpace: hasMarkup(answer) ? "normal" : "pre-wrap",
        color: token.colorText,
        lineHeight: 1.7,
      }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the answer's simple HTML, sanitised by DOMPurify first
      dangerouslySetInnerHTML={{ __html: safeAnswerHtml(answer) }}
    />
  );
}
