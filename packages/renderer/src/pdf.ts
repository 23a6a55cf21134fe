/** pdf.js, loaded on first use only (it is large), with its worker served as a Vite asset. */
type PdfJs = typeof import("pdfjs-dist");

let loading: Promise<PdfJs> | null = null;

/** The pdf.js module, ready to open documents; a failed load is tried again on the next call. */
export function loadPdfJs(): Promise<PdfJs> {
  if (!loading) {
    const attempt = Promise.all([
      import("pdfjs-dist"),
      import("pdfjs-dist/build/pdf.worker.min.mjs?url"),
    ]).then(([pdfjs, worker]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      return pdfjs;
    });
    attempt.catch(() => {
      if (loading === attempt) loading = null;
    });
    loading = attempt;
  }
  return loading;
}
