import type { PDFDocumentProxy, RenderTask } from "pdfjs-dist";
import { useEffect, useRef, useState } from "react";
import { useRender } from "../context";
import { useInterval, usePlayReporter } from "../hooks";
import { rt } from "../i18n";
import { loadPdfJs } from "../pdf";
import { MissingMedia, NoMaterial, useMaterial } from "./media";
import { Placeholder } from "./Placeholder";
import type { WidgetComponentProps } from "./types";

const RETRY_MS = 60_000;

/** A PDF of the library: page 1 in the editor; its pages in turn every `pageSec` elsewhere. */
export function DocumentWidget({ widget, sceneId }: WidgetComponentProps<"document">) {
  const material = useMaterial(widget.props.materialId);
  if (material.state === "none") return <NoMaterial widget={widget} />;
  if (material.state === "missing")
    return <MissingMedia widget={widget} sceneId={sceneId} materialId={material.id} />;
  return <PdfView widget={widget} sceneId={sceneId} url={material.media.url} />;
}

type Loading =
  | { status: "loading" }
  | { status: "ready"; doc: PDFDocumentProxy }
  | { status: "error"; message: string };

function PdfView({ widget, sceneId, url }: WidgetComponentProps<"document"> & { url: string }) {
  const ctx = useRender();
  const report = usePlayReporter(widget.id, sceneId);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [loaded, setLoaded] = useState<Loading>({ status: "loading" });
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const p = widget.props;
  /**
   * What the canvas fully shows: the document and the drawing's key. `data-drawn` compares it with what
   * should be shown in the same render, so a new document or page is "not drawn" from its first frame,
   * never marked drawn by the state of the one before (a test waits for it before it compares pictures).
   */
  const [drawn, setDrawn] = useState<{ doc: PDFDocumentProxy; key: string } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt opens the document again
  useEffect(() => {
    let alive = true;
    let doc: PDFDocumentProxy | null = null;
    let destroyTask: (() => Promise<void>) | null = null;
    setLoaded({ status: "loading" });
    setPage(1);
    loadPdfJs()
      .then((pdfjs) => {
        if (!alive) return null;
        const task = pdfjs.getDocument({ url });
        destroyTask = () => task.destroy();
        return task.promise;
      })
      .then((opened) => {
        if (!opened) return;
        doc = opened;
        if (alive) setLoaded({ status: "ready", doc: opened });
        else void opened.destroy();
      })
      .catch((e: unknown) => {
        if (!alive) return;
        const message = e instanceof Error ? e.message : String(e);
        report.error(`document: ${message}`);
        setLoaded({ status: "error", message });
      });
    return () => {
      alive = false;
      if (doc) void doc.destroy();
      else void destroyTask?.();
    };
  }, [url, attempt, report]);

  // A screen shows the document again by itself once the file or the network is back.
  useEffect(() => {
    if (loaded.status !== "error") return;
    const retry = setTimeout(() => setAttempt((n) => n + 1), RETRY_MS);
    return () => clearTimeout(retry);
  }, [loaded]);

  const pages = loaded.status === "ready" ? loaded.doc.numPages : 1;
  useInterval(
    () => setPage((n) => (n % pages) + 1),
    ctx.mode !== "edit" && pages > 1 ? p.pageSec * 1000 : null,
  );

  const doc = loaded.status === "ready" ? loaded.doc : null;
  const drawKey = `${page}:${widget.w}:${widget.h}:${p.fit}`;
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!doc || !canvas) return;
    let alive = true;
    let task: RenderTask | null = null;
    doc
      .getPage(Math.min(page, doc.numPages))
      .then((pdfPage) => {
        if (!alive) return;
        const base = pdfPage.getViewport({ scale: 1 });
        const sx = widget.w / base.width;
        const sy = widget.h / base.height;
        const scale = p.fit === "cover" ? Math.max(sx, sy) : p.fit === "none" ? 1 : Math.min(sx, sy);
        const dpr = Math.min(2, Math.max(1, globalThis.devicePixelRatio || 1));
        const viewport = pdfPage.getViewport({ scale: scale * dpr });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = p.fit === "fill" ? "100%" : `${viewport.width / dpr}px`;
        canvas.style.height = p.fit === "fill" ? "100%" : `${viewport.height / dpr}px`;
        task = pdfPage.render({ canvas, viewport });
        return task.promise.then(() => {
          pdfPage.cleanup();
          if (alive) setDrawn({ doc, key: drawKey });
        });
      })
      .catch((e: unknown) => {
        if (!alive || (e instanceof Error && e.name === "RenderingCancelledException")) return;
        const message = e instanceof Error ? e.message : String(e);
        report.error(`document page ${page}: ${message}`);
        setLoaded({ status: "error", message });
      });
    return () => {
      alive = false;
      task?.cancel();
    };
  }, [doc, page, widget.w, widget.h, p.fit, drawKey, report]);

  return (
    <div
      style={{
        position: "absolute",
        inset: 0,
        overflow: "hidden",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        background: p.background,
      }}
    >
      {doc ? (
        <canvas
          ref={canvasRef}
          data-drawn={drawn?.doc === doc && drawn.key === drawKey ? "true" : "false"}
          style={{ flex: "none", display: "block" }}
        />
      ) : null}
      {loaded.status === "loading" ? (
        <Placeholder state="loading" title={rt(ctx.locale, "loading")} frame={widget} />
      ) : null}
      {loaded.status === "error" ? (
        <Placeholder
          state="error"
          title={rt(ctx.locale, "documentError")}
          detail={loaded.message}
          frame={widget}
        />
      ) : null}
    </div>
  );
}
