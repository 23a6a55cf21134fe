import { MessageView } from "@marquee/renderer";
import type { MessageDoc } from "@marquee/schedule";
import { theme } from "antd";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { previewSize } from "./form";

/** The pause before a message that ended is shown again in the preview. */
const REPLAY_MS = 1500;

/**
 * A message on a 16:9 screen over a stand-in program, drawn by the player's
 * own MessageView at the width available. A message with a number of
 * repetitions starts again after a pause once it has ended, so the preview
 * never stays blank.
 */
export function MessagePreview({ doc, maxWidth }: { doc: MessageDoc; maxWidth?: number }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const outer = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(maxWidth ?? 480);
  const [run, setRun] = useState(0);
  const [waiting, setWaiting] = useState(false);

  useLayoutEffect(() => {
    const el = outer.current;
    if (!el) return;
    const measure = () => setAvailable(Math.min(el.clientWidth || 480, maxWidth ?? Number.POSITIVE_INFINITY));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [maxWidth]);

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => {
      setWaiting(false);
      setRun((r) => r + 1);
    }, REPLAY_MS);
    return () => clearTimeout(timer);
  }, [waiting]);

  const size = previewSize(available);
  return (
    <div ref={outer} style={{ width: "100%" }}>
      <div
        data-testid="message-preview"
        style={{
          position: "relative",
          width: size.width,
          height: size.height,
          overflow: "hidden",
          borderRadius: token.borderRadius,
          // A stand-in program under the message: how it reads over content.
          background: "linear-gradient(135deg, #2b5876 0%, #4e4376 55%, #1f6f5c 100%)",
        }}
      >
        <span
          style={{
            position: "absolute",
            inset: 0,
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
            color: "rgba(255,255,255,0.35)",
            fontSize: Math.max(12, size.height / 8),
            fontWeight: 600,
            userSelect: "none",
          }}
        >
          {t("publishMessage.form.previewProgram")}
        </span>
        {waiting ? null : (
          <MessageView
            key={run}
            doc={{ ...doc, text: doc.text || t("publishMessage.form.previewPlaceholder") }}
            width={size.width}
            height={size.height}
            onEnded={() => setWaiting(true)}
          />
        )}
      </div>
    </div>
  );
}
