import { useInsertionEffect } from "react";

/**
 * The renderer's few keyframes (carousel effects, scene transitions), in one
 * <style> element added to the document once: hosts need no CSS import, and
 * the player page stays a single script.
 */
const CSS = `
@keyframes mq-fade-in { from { opacity: 0 } to { opacity: 1 } }
@keyframes mq-fade-out { from { opacity: 1 } to { opacity: 0 } }
@keyframes mq-from-right { from { transform: translateX(100%) } to { transform: none } }
@keyframes mq-from-left { from { transform: translateX(-100%) } to { transform: none } }
@keyframes mq-from-bottom { from { transform: translateY(100%) } to { transform: none } }
@keyframes mq-from-top { from { transform: translateY(-100%) } to { transform: none } }
@keyframes mq-to-left { from { transform: none } to { transform: translateX(-100%) } }
@keyframes mq-to-right { from { transform: none } to { transform: translateX(100%) } }
@keyframes mq-to-top { from { transform: none } to { transform: translateY(-100%) } }
@keyframes mq-to-bottom { from { transform: none } to { transform: translateY(100%) } }
@keyframes mq-zoom-in { from { transform: scale(0.6); opacity: 0 } to { transform: none; opacity: 1 } }
@keyframes mq-msg-scroll { from { transform: translateX(0) } to { transform: translateX(-100%) } }
`;

const STYLE_ID = "mq-renderer-styles";

/** Adds the renderer's keyframes to the document, once (before the first paint that needs them). */
export function useRendererStyles(): void {
  useInsertionEffect(() => {
    if (typeof document === "undefined" || document.getElementById(STYLE_ID)) return;
    const style = document.createElement("style");
    style.id = STYLE_ID;
    style.textContent = CSS;
    document.head.appendChild(style);
  }, []);
}
