// "Edit image"'s brush (decision 0029), loaded only when someone asks to paint: a canvas over the picture at the
// picture's own size. Painted pixels turn transparent in the mask (OpenAI's convention: transparent = change here).
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

/** How dark the unpainted overlay is; painting clears it. */
const OVERLAY_ALPHA = 0.35;

export interface MaskBrushProps {
  url: string;
  width: number;
  height: number;
  /** Called after each stroke with a way to read the mask as a PNG. */
  onPainted: (readMask: () => Promise<Blob | null>) => void;
}

export default function MaskBrush({ url, width, height, onPainted }: MaskBrushProps) {
  const { t } = useTranslation("images");
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);

  const reset = () => {
    const context = canvas.current?.getContext("2d");
    if (!context) return;
    context.globalCompositeOperation = "source-over";
    context.fillStyle = `rgba(0, 0, 0, ${OVERLAY_ALPHA})`;
    context.clearRect(0, 0, width, height);
    context.fillRect(0, 0, width, height);
  };
  useEffect(reset, [width, height]);

  const paint = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const element = canvas.current;
    const context = element?.getContext("2d");
    if (!element || !context || !drawing.current) return;
    const box = element.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * width;
    const y = ((event.clientY - box.top) / box.height) * height;
    context.globalCompositeOperation = "destination-out";
    // An opaque brush clears the overlay completely where it passes.
    context.fillStyle = "#000";
    context.beginPath();
    context.arc(x, y, Math.max(width, height) / 20, 0, Math.PI * 2);
    context.fill();
  };

  const readMask = () =>
    new Promise<Blob | null>((resolve) => {
      const element = canvas.current;
      if (!element) return resolve(null);
      // The overlay is see-through for the eye; the mask sent is opaque black where nothing was painted and fully
      // transparent where it was.
      const overlay = element.getContext("2d")!.getImageData(0, 0, width, height);
      for (let index = 0; index < width * height; index++) {
        // Cleared by the brush (less than half the overlay left, so soft edges count by their middle).
        const painted = overlay.data[index * 4 + 3]! < (OVERLAY_ALPHA * 255) / 2;
        overlay.data.set([0, 0, 0, painted ? 0 : 255], index * 4);
      }
      const mask = document.createElement("canvas");
      mask.width = width;
      mask.height = height;
      mask.getContext("2d")!.putImageData(overlay, 0, 0);
      mask.toBlob(resolve, "image/png");
    });

  return (
    <div className="flex flex-col gap-2">
      <div className="relative overflow-hidden rounded-lg border bg-muted">
        <img src={url} alt="" width={width} height={height} className="h-auto w-full" />
        <canvas
          ref={canvas}
          width={width}
          height={height}
          aria-label={t("edit.brushLabel")}
          className="absolute inset-0 size-full cursor-crosshair touch-none"
          onPointerDown={(event) => {
            drawing.current = true;
            event.currentTarget.setPointerCapture(event.pointerId);
            paint(event);
          }}
          onPointerMove={paint}
          onPointerUp={() => {
            drawing.current = false;
            onPainted(readMask);
          }}
        />
      </div>
      <Button type="button" onClick={reset} variant="outline" size="sm" className="w-fit">
        {t("edit.clear")}
      </Button>
    </div>
  );
}
