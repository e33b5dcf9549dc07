// One PDF page drawn in the browser with pdfjs-dist. pdfjs (and its worker, a same-origin module worker that the CSP's
// worker-src 'self' allows) load here, when the side panel first shows a PDF, never with a page's first scripts.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PDFDocumentProxy } from "pdfjs-dist";

/** pdfjs, set up once; never in the server build (the panel only opens in a browser). */
function loadPdfjs() {
  if (import.meta.env.SSR) return Promise.reject(new Error("PDF pages are drawn in the browser"));
  return Promise.all([import("pdfjs-dist"), import("pdfjs-dist/build/pdf.worker.min.mjs?url")]).then(([pdfjs, worker]) => {
    pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
    return pdfjs;
  });
}

/** Each document's bytes are fetched and parsed once per page load, however many of its pages are shown. */
const opened = new Map<string, Promise<PDFDocumentProxy>>();

function openPdf(documentId: string): Promise<PDFDocumentProxy> {
  let pending = opened.get(documentId);
  if (!pending) {
    pending = Promise.all([loadPdfjs(), fetch(`/media/documents/${encodeURIComponent(documentId)}`)]).then(async ([pdfjs, response]) => {
      if (!response.ok) throw new Error(`document ${response.status}`);
      // No eval: the page's CSP forbids it, and pdfjs draws fonts without it.
      return pdfjs.getDocument({ data: new Uint8Array(await response.arrayBuffer()), isEvalSupported: false }).promise;
    });
    pending.catch(() => opened.delete(documentId));
    opened.set(documentId, pending);
  }
  return pending;
}

export function PdfPage({ documentId, page, label }: { documentId: string; page: number; label: string }) {
  const { t } = useTranslation("documents");
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<"loading" | "drawn" | "failed">("loading");

  useEffect(() => {
    let cancelled = false;
    let cancelRender = () => {};
    setState("loading");
    void (async () => {
      const pdf = await openPdf(documentId);
      const pdfPage = await pdf.getPage(page);
      const element = canvas.current;
      if (cancelled || !element) return;
      // Drawn at the panel's width and the screen's pixel density, so text stays sharp.
      const width = element.parentElement?.clientWidth || 600;
      const scale = (width / pdfPage.getViewport({ scale: 1 }).width) * (window.devicePixelRatio || 1);
      const viewport = pdfPage.getViewport({ scale });
      element.width = Math.floor(viewport.width);
      element.height = Math.floor(viewport.height);
      const task = pdfPage.render({ canvas: element, viewport });
      cancelRender = () => task.cancel();
      await task.promise;
      if (!cancelled) setState("drawn");
    })().catch(() => {
      if (!cancelled) setState("failed");
    });
    return () => {
      cancelled = true;
      cancelRender();
    };
  }, [documentId, page]);

  if (state === "failed") return <p className="text-sm text-muted-foreground">{t("panel.renderFailed")}</p>;
  return (
    <div className="relative w-full">
      <canvas
        ref={canvas}
        role="img"
        aria-label={label}
        aria-busy={state === "loading"}
        className="h-auto w-full rounded-md border bg-white"
        data-pdf-page={page}
      />
      {state === "loading" && <p className="absolute inset-x-0 top-4 text-center text-sm text-muted-foreground">{t("panel.loading")}</p>}
    </div>
  );
}
