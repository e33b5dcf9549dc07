// The tattoo design placed on the person's own photo (decision 0030): drawn in the browser on a canvas, the design
// multiplied over the photo (its white paper vanishes, its ink darkens the skin), scaled and moved by dragging, by the
// arrow and +/− keys, or by the buttons; the download saves exactly what the canvas shows. Loaded only when a finished
// tattoo is on screen (job-list.tsx), so no page's first JavaScript carries it.
import { ArrowDown, ArrowLeft, ArrowRight, ArrowUp, Download, Minus, Plus } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { useTranslation } from "react-i18next";
import { downloadCanvas } from "./download";
import { Button } from "~/components/ui/button";

// The square controls that move and size the design.
const NUDGE = { variant: "outline", size: "none", className: "size-8 rounded-md" } as const;

/** Where the design sits: its centre as fractions of the photo, and its width as a fraction of the photo's. */
interface Placement {
  x: number;
  y: number;
  size: number;
}

const START: Placement = { x: 0.5, y: 0.5, size: 0.4 };
const MOVE_STEP = 0.02;
const SIZE_STEP = 0.05;
const SIZE_MIN = 0.1;
const SIZE_MAX = 1;
/** The canvas's longest side: enough for a phone screen and a sharp download, without a 40-megapixel canvas. */
const CANVAS_MAX = 1600;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function loadImage(url: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.src = url;
  return image.decode().then(() => image);
}

function draw(canvas: HTMLCanvasElement, photo: HTMLImageElement, design: HTMLImageElement, place: Placement) {
  const scale = Math.min(1, CANVAS_MAX / Math.max(photo.naturalWidth, photo.naturalHeight));
  canvas.width = Math.round(photo.naturalWidth * scale);
  canvas.height = Math.round(photo.naturalHeight * scale);
  const context = canvas.getContext("2d");
  if (!context) return;
  context.drawImage(photo, 0, 0, canvas.width, canvas.height);
  const width = place.size * canvas.width;
  const height = (width * design.naturalHeight) / design.naturalWidth;
  context.globalCompositeOperation = "multiply";
  context.globalAlpha = 0.9;
  context.drawImage(design, place.x * canvas.width - width / 2, place.y * canvas.height - height / 2, width, height);
  context.globalCompositeOperation = "source-over";
  context.globalAlpha = 1;
}

export default function TattooPreview({ photoUrl, designUrl, fileName }: { photoUrl: string; designUrl: string; fileName: string }) {
  const { t } = useTranslation("images");
  const canvas = useRef<HTMLCanvasElement>(null);
  const [images, setImages] = useState<{ photo: HTMLImageElement; design: HTMLImageElement } | null>(null);
  const [failed, setFailed] = useState(false);
  const [place, setPlace] = useState<Placement>(START);
  const dragging = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    let current = true;
    Promise.all([loadImage(photoUrl), loadImage(designUrl)])
      .then(([photo, design]) => current && setImages({ photo, design }))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [photoUrl, designUrl]);

  useEffect(() => {
    if (images && canvas.current) draw(canvas.current, images.photo, images.design, place);
  }, [images, place]);

  const move = (dx: number, dy: number) => setPlace((now) => ({ ...now, x: clamp(now.x + dx, 0, 1), y: clamp(now.y + dy, 0, 1) }));
  const resize = (by: number) => setPlace((now) => ({ ...now, size: clamp(now.size + by, SIZE_MIN, SIZE_MAX) }));

  const onKeyDown = (event: KeyboardEvent) => {
    const actions: Record<string, () => void> = {
      ArrowLeft: () => move(-MOVE_STEP, 0),
      ArrowRight: () => move(MOVE_STEP, 0),
      ArrowUp: () => move(0, -MOVE_STEP),
      ArrowDown: () => move(0, MOVE_STEP),
      "+": () => resize(SIZE_STEP),
      "=": () => resize(SIZE_STEP),
      "-": () => resize(-SIZE_STEP),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    dragging.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const from = dragging.current;
    if (!from) return;
    const box = event.currentTarget.getBoundingClientRect();
    move((event.clientX - from.x) / box.width, (event.clientY - from.y) / box.height);
    dragging.current = { x: event.clientX, y: event.clientY };
  };
  const endDrag = () => {
    dragging.current = null;
  };

  if (failed) return <p className="text-sm text-danger">{t("tattoo.previewFailed")}</p>;
  return (
    <div className="flex flex-col gap-2">
      <canvas
        ref={canvas}
        role="img"
        tabIndex={0}
        aria-label={t("tattoo.previewLabel")}
        aria-busy={images ? undefined : true}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        className="h-auto w-full cursor-move touch-none rounded-lg border bg-muted focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary"
      />
      <div role="group" aria-label={t("tattoo.placeDesign")} className="flex flex-wrap items-center gap-2">
        <Button type="button" {...NUDGE} onClick={() => move(-MOVE_STEP, 0)} aria-label={t("tattoo.moveLeft")}>
          <ArrowLeft className="size-4" aria-hidden />
        </Button>
        <Button type="button" {...NUDGE} onClick={() => move(0, -MOVE_STEP)} aria-label={t("tattoo.moveUp")}>
          <ArrowUp className="size-4" aria-hidden />
        </Button>
        <Button type="button" {...NUDGE} onClick={() => move(0, MOVE_STEP)} aria-label={t("tattoo.moveDown")}>
          <ArrowDown className="size-4" aria-hidden />
        </Button>
        <Button type="button" {...NUDGE} onClick={() => move(MOVE_STEP, 0)} aria-label={t("tattoo.moveRight")}>
          <ArrowRight className="size-4" aria-hidden />
        </Button>
        <Button type="button" {...NUDGE} onClick={() => resize(-SIZE_STEP)} disabled={place.size <= SIZE_MIN} aria-label={t("tattoo.smaller")}>
          <Minus className="size-4" aria-hidden />
        </Button>
        <label className="inline-flex items-center gap-2 text-sm">
          {t("tattoo.size")}
          <input
            type="range"
            min={SIZE_MIN * 100}
            max={SIZE_MAX * 100}
            step={SIZE_STEP * 100}
            value={Math.round(place.size * 100)}
            onChange={(event) => setPlace((now) => ({ ...now, size: Number(event.target.value) / 100 }))}
            className="w-28"
          />
        </label>
        <Button type="button" {...NUDGE} onClick={() => resize(SIZE_STEP)} disabled={place.size >= SIZE_MAX} aria-label={t("tattoo.larger")}>
          <Plus className="size-4" aria-hidden />
        </Button>
        <Button
          type="button"
          disabled={!images}
          onClick={() => canvas.current && void downloadCanvas(canvas.current, fileName)}
          variant="outline"
          size="sm"
          className="font-medium"
        >
          <Download className="size-4" aria-hidden />
          {t("tattoo.downloadPreview")}
        </Button>
      </div>
    </div>
  );
}
