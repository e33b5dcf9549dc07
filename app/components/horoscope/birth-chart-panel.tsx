// The birth chart: the wheel (an SVG drawn on the server, shown inline), the placements and aspects as text beside
// it, downloads as SVG and PNG made in the browser from that same SVG, and "Save to gallery" for signed-in people.
import { Download, GalleryHorizontalEnd } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "@remix-run/react";
import type { BirthChartView } from "~/.server/horoscope/chart-view";
import { callApi } from "~/lib/api-client";
import { openAuthDialog } from "~/lib/auth-dialog";
import { notify } from "~/lib/toast";
import { Button } from "~/components/ui/button";

/** The PNG is drawn at twice the wheel's size, so it stays sharp when printed or zoomed. */
const PNG_SCALE = 2;

function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The wheel as an SVG file: the element on the page, serialised. */
function svgBlob(svg: SVGSVGElement): Blob {
  return new Blob([new XMLSerializer().serializeToString(svg)], { type: "image/svg+xml" });
}

async function pngBlob(svg: SVGSVGElement): Promise<Blob> {
  const url = URL.createObjectURL(svgBlob(svg));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = svg.width.baseVal.value * PNG_SCALE;
    canvas.height = svg.height.baseVal.value * PNG_SCALE;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d canvas");
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("toBlob failed"))), "image/png"));
  } finally {
    URL.revokeObjectURL(url);
  }
}

export function BirthChartPanel({ chart, signedIn }: { chart: BirthChartView; signedIn: boolean }) {
  const { t } = useTranslation("horoscope");
  const wheel = useRef<HTMLDivElement>(null);
  const [saving, setSaving] = useState(false);
  const [savedId, setSavedId] = useState<string | null>(null);
  const svgElement = () => wheel.current?.querySelector("svg") ?? null;

  const download = async (kind: "svg" | "png") => {
    const svg = svgElement();
    if (!svg) return;
    try {
      saveBlob(kind === "svg" ? svgBlob(svg) : await pngBlob(svg), `${chart.fileBase}.${kind}`);
    } catch {
      notify("error", t("errors:app/unknown"));
    }
  };

  const saveToGallery = async () => {
    if (!signedIn) {
      openAuthDialog();
      return;
    }
    setSaving(true);
    const answer = await callApi<{ image: { id: string } }>("/api/horoscope/chart", { method: "POST", body: new FormData() });
    setSaving(false);
    if (!answer.ok) return notify("error", answer.error.message || t("chart.saveFailed"));
    setSavedId(answer.data.image.id);
    notify("success", t("chart.saved"));
  };

  return (
    <section aria-labelledby="birth-chart-title" className="flex flex-col gap-4 rounded-xl border p-4">
      <div className="flex flex-col gap-1">
        <h2 id="birth-chart-title" className="font-semibold">
          {t("chart.title")}
        </h2>
        <p className="text-sm text-muted-foreground" data-testid="chart-born">
          {chart.born}
        </p>
        {!chart.timeKnown && (
          <p role="note" className="rounded-md border border-dashed px-3 py-2 text-sm">
            {t("chart.noTime")}
          </p>
        )}
        {chart.moonSignUncertain && <p className="text-sm text-muted-foreground">{t("chart.moonUncertain")}</p>}
      </div>
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_16rem]">
        {/* Server-drawn markup of our own renderer (chart-svg.ts): numbers and escaped locale strings only. */}
        <div ref={wheel} className="mx-auto w-full max-w-[32rem] [&>svg]:h-auto [&>svg]:w-full" dangerouslySetInnerHTML={{ __html: chart.svg }} />
        <div className="flex flex-col gap-4 text-sm">
          <div>
            <h3 className="mb-1 font-medium">{t("chart.placements")}</h3>
            <ul className="flex flex-col gap-0.5" data-testid="chart-placements">
              {chart.angles.map((row) => (
                <li key={row.key}>{row.text}</li>
              ))}
              {chart.bodies.map((row) => (
                <li key={row.planet}>{row.text}</li>
              ))}
            </ul>
            {chart.timeKnown && <p className="mt-1 text-xs text-muted-foreground">{t("chart.houses")}</p>}
          </div>
          <div>
            <h3 className="mb-1 font-medium">{t("chart.aspectsTitle")}</h3>
            {chart.aspects.length === 0 ? (
              <p>{t("chart.noAspects")}</p>
            ) : (
              <ul className="flex flex-col gap-0.5" data-testid="chart-aspects">
                {chart.aspects.map((row) => (
                  <li key={row.key}>{row.text}</li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => void download("svg")}>
          <Download className="size-4" aria-hidden />
          {t("chart.downloadSvg")}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => void download("png")}>
          <Download className="size-4" aria-hidden />
          {t("chart.downloadPng")}
        </Button>
        <Button type="button" variant="outline" size="sm" disabled={saving} onClick={() => void saveToGallery()}>
          <GalleryHorizontalEnd className="size-4" aria-hidden />
          {saving ? t("chart.saving") : t("chart.saveGallery")}
        </Button>
        {!signedIn && <span className="text-xs text-muted-foreground">{t("chart.signInToSave")}</span>}
        {savedId && (
          <Link to={`/gallery?image=${encodeURIComponent(savedId)}`} className="text-sm underline">
            {t("chart.saved")}
          </Link>
        )}
      </div>
    </section>
  );
}
