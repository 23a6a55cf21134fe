import type { ScreenshotTruth, TerminalSummary } from "@marquee/contracts";
import type { ProgramDoc } from "@marquee/program";
import { drawElement, ProgramPlayer, RenderProvider } from "@marquee/renderer";
import { useQuery } from "@tanstack/react-query";
import { Space, Tag, Typography } from "antd";
import dayjs from "dayjs";
import { useEffect, useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { createRenderContext } from "../../editor/renderContext";
import { mediaInfo } from "../../editor/renderData";
import { programApi } from "../program/api";
import { terminalApi } from "./api";
import { diffShare, liveRects, markOf, type PixelResult, type TruthMark } from "./screenTruth";

/** How long the expected scene plays offscreen before it is drawn (pictures, fonts, data load meanwhile). */
const SETTLE_MS = 2500;

const COLORS: Record<TruthMark["state"], string> = {
  checking: "processing",
  looksRight: "success",
  differs: "error",
  cannotCompare: "default",
  unknown: "default",
};

/** The pixels of a picture at an address, drawn at its natural size. */
async function pictureOf(url: string): Promise<ImageData> {
  const img = new Image();
  img.src = url;
  await img.decode();
  const c = document.createElement("canvas");
  c.width = img.naturalWidth;
  c.height = img.naturalHeight;
  const ctx = c.getContext("2d");
  if (!ctx) throw new Error("no 2D canvas");
  ctx.drawImage(img, 0, 0);
  return ctx.getImageData(0, 0, c.width, c.height);
}

/**
 * The expected scene played offscreen at the program's design size (the editor's preview components),
 * drawn after SETTLE_MS with the screen's own painter and compared with the screenshot.
 */
function ExpectedRender({
  truth,
  doc,
  media,
  onResult,
}: {
  truth: ScreenshotTruth;
  doc: ProgramDoc;
  media: Parameters<typeof createRenderContext>[2];
  onResult: (pixels: PixelResult, expectedUrl: string | null) => void;
}) {
  const { i18n } = useTranslation();
  const ctx = useMemo(() => createRenderContext("preview", i18n.language, media), [i18n.language, media]);
  const stage = useRef<HTMLDivElement>(null);
  const sceneId = truth.shown.sceneId ?? undefined;
  useEffect(() => {
    let gone = false;
    const timer = setTimeout(async () => {
      try {
        const shot = await pictureOf(truth.url);
        const root = stage.current;
        if (!root || gone) return;
        const canvas = await drawElement(root, shot.width, shot.height);
        const g = canvas.getContext("2d");
        if (!g || gone) return;
        const expected = g.getImageData(0, 0, shot.width, shot.height);
        const scene = doc.scenes.find((s) => s.id === sceneId) ?? doc.scenes.find((s) => s.kind === "main");
        const k = shot.width / doc.width;
        const masks = (scene ? liveRects(scene, doc.width, doc.height) : []).map((r) => ({
          x: r.x * k,
          y: r.y * k,
          w: r.w * k,
          h: r.h * k,
        }));
        const { percent, contentPercent, compared } = diffShare(
          shot.data,
          expected.data,
          shot.width,
          shot.height,
          masks,
        );
        onResult(
          compared === 0 ? { kind: "uncomparable" } : { kind: "measured", percent, contentPercent },
          canvas.toDataURL(),
        );
      } catch (e) {
        if (!gone) onResult({ kind: "failed", message: e instanceof Error ? e.message : String(e) }, null);
      }
    }, SETTLE_MS);
    return () => {
      gone = true;
      clearTimeout(timer);
    };
  }, [truth.url, doc, sceneId, onResult]);
  // Laid out but out of sight: a zero-size clipping box at the page's corner (the painter reads the stage itself).
  return createPortal(
    <div style={{ position: "fixed", left: 0, top: 0, width: 0, height: 0, overflow: "hidden" }} aria-hidden>
      <div
        ref={stage}
        style={{ width: doc.width, height: doc.height, position: "relative", background: "#000" }}
      >
        <RenderProvider value={ctx}>
          <ProgramPlayer program={doc} startSceneId={sceneId} scale={1} />
        </RenderProvider>
      </div>
    </div>,
    document.body,
  );
}

/** The "looks right / differs" mark of a screen's latest screenshot (issue 24), both pictures side by side. */
export function ScreenTruth({ terminal }: { terminal: Pick<TerminalSummary, "id" | "screenshotUrl"> }) {
  const { t } = useTranslation();
  const truth = useQuery({
    queryKey: ["terminal", "truth", terminal.id, terminal.screenshotUrl],
    queryFn: () => terminalApi.screenshotTruth(terminal.id),
    enabled: terminal.screenshotUrl !== null,
  });
  const programId = truth.data?.program?.id ?? null;
  const detail = useQuery({
    queryKey: ["program", "detail", programId],
    queryFn: () => programApi.detail(programId ?? 0, { silent: true }),
    enabled: programId !== null,
  });
  const [result, setResult] = useState<{ pixels: PixelResult; expectedUrl: string | null }>({
    pixels: null,
    expectedUrl: null,
  });
  const onResult = useMemo(
    () => (pixels: PixelResult, expectedUrl: string | null) => setResult({ pixels, expectedUrl }),
    [],
  );
  const media = useMemo(() => {
    const byId = new Map((detail.data?.materials ?? []).map((m) => [m.id, m]));
    return (id: number) => mediaInfo(byId.get(id));
  }, [detail.data]);

  if (truth.isError) return <Typography.Text type="secondary">{t("terminal.truth.failed")}</Typography.Text>;
  const data = truth.data;
  if (!data || !terminal.screenshotUrl) return null;
  const pixels: PixelResult = detail.isError
    ? { kind: "failed", message: t("terminal.truth.failed") }
    : result.pixels;
  const mark = markOf(data, pixels);
  const time = data.shownAt ? dayjs(data.shownAt).format("HH:mm:ss") : "";
  const pct = "percent" in mark && mark.percent !== null ? mark.percent.toFixed(1) : null;
  const reason = "reason" in mark ? mark.reason : null;
  return (
    <Space orientation="vertical" style={{ width: "100%" }} data-testid="terminal-truth">
      <Space wrap>
        <Tag color={COLORS[mark.state]} data-testid="terminal-truth-mark" data-state={mark.state}>
          {t(`terminal.truth.${mark.state}`)}
        </Tag>
        {pct !== null && (
          <Typography.Text type="secondary">{t("terminal.truth.share", { pct })}</Typography.Text>
        )}
        {reason && (
          <Typography.Text type={mark.state === "differs" ? "danger" : "secondary"}>{reason}</Typography.Text>
        )}
      </Space>
      {data.shownAt && (
        <Typography.Text type="secondary">
          {data.expected.programNames.length
            ? t("terminal.truth.expectedPrograms", { time, names: data.expected.programNames.join(", ") })
            : t("terminal.truth.nothingExpected", { time })}
        </Typography.Text>
      )}
      {mark.state === "cannotCompare" && pixels?.kind === "uncomparable" && (
        <Typography.Text type="secondary">{t("terminal.truth.onlyLive")}</Typography.Text>
      )}
      {data.program && (
        <>
          <div style={{ display: "flex", gap: 8 }}>
            <figure style={{ flex: 1, margin: 0 }}>
              <img
                src={data.url}
                alt={t("terminal.truth.shown")}
                style={{ width: "100%", background: "#000" }}
              />
              <figcaption>{t("terminal.truth.shown")}</figcaption>
            </figure>
            <figure style={{ flex: 1, margin: 0 }}>
              {result.expectedUrl ? (
                <img
                  src={result.expectedUrl}
                  alt={t("terminal.truth.expected")}
                  style={{ width: "100%", background: "#000" }}
                  data-testid="terminal-truth-expected"
                />
              ) : (
                <div style={{ aspectRatio: "16 / 9", background: "#111" }} />
              )}
              <figcaption>{t("terminal.truth.expected")}</figcaption>
            </figure>
          </div>
          <Typography.Text type="secondary">{t("terminal.truth.live")}</Typography.Text>
          {detail.data && result.pixels === null && (
            <ExpectedRender truth={data} doc={detail.data.doc} media={media} onResult={onResult} />
          )}
        </>
      )}
    </Space>
  );
}
