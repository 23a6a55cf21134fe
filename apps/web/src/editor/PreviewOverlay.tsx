import { CloseOutlined } from "@ant-design/icons";
import { type PreviewState, ProgramPlayer, RenderProvider, ScaledStage } from "@marquee/renderer";
import { Button } from "antd";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { createRenderContext } from "./renderContext";
import { useEditor } from "./store";

/** How long the preview's bar stays after the pointer last moved. */
const BAR_HIDE_MS = 2500;

/**
 * The preview (§3 preview state): the program played as a screen would play
 * it, from the active scene, scaled to the window, buttons working. A small
 * bar shows the scene, the slide and the popups open; Escape closes.
 */
export function PreviewOverlay({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  // The program as it was when the preview opened: the editor cannot change under the overlay.
  const [program] = useState(() => useEditor.getState().doc);
  const [startSceneId] = useState(() => useEditor.getState().activeSceneId);
  const ctx = useMemo(() => createRenderContext("preview", i18n.language), [i18n.language]);
  const [scale, setScale] = useState(1);
  const [state, setState] = useState<PreviewState | null>(null);
  const [barVisible, setBarVisible] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const closeRef = useRef<HTMLButtonElement>(null);

  const poke = useCallback(() => {
    setBarVisible(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setBarVisible(false), BAR_HIDE_MS);
  }, []);

  useEffect(() => {
    poke();
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      e.preventDefault();
      e.stopPropagation();
      onClose();
    };
    window.addEventListener("keydown", onKey, true);
    return () => {
      window.removeEventListener("keydown", onKey, true);
      clearTimeout(timer.current);
    };
  }, [onClose, poke]);

  const mains = program.scenes.filter((s) => s.kind === "main");
  const topId = state
    ? (state.sceneStack[state.sceneStack.length - 1] ?? state.activeMainSceneId)
    : startSceneId;
  const sceneName = program.scenes.find((s) => s.id === topId)?.name ?? "";

  return createPortal(
    <div
      className={`mq-ed-preview${barVisible ? "" : " idle"}`}
      role="dialog"
      aria-modal="true"
      aria-label={t("editor.preview")}
      data-testid="editor-preview-overlay"
      onMouseMove={poke}
    >
      <ScaledStage width={program.width} height={program.height} onScale={setScale} background="#000">
        <RenderProvider value={ctx}>
          <ProgramPlayer program={program} startSceneId={startSceneId} scale={scale} onState={setState} />
        </RenderProvider>
      </ScaledStage>
      <div className={`mq-ed-preview-bar${barVisible ? "" : " hidden"}`} data-testid="editor-preview-bar">
        <span className="mq-ed-preview-scene">{sceneName}</span>
        <span>{t("editor.previewBar.slide", { n: (state?.slideIndex ?? 0) + 1, total: mains.length })}</span>
        <span>{t("editor.previewBar.popups", { n: state?.sceneStack.length ?? 0 })}</span>
        <span>{Math.round(scale * 100)} %</span>
        <Button
          ref={closeRef}
          size="small"
          type="text"
          icon={<CloseOutlined />}
          onClick={onClose}
          data-testid="editor-preview-close"
        >
          {t("editor.previewBar.close")}
        </Button>
      </div>
    </div>,
    document.body,
  );
}
