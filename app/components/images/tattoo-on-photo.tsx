// The "On your photo" section of a finished tattoo, shared by the tattoo screen (job-list.tsx) and the gallery's
// full-size view (gallery-viewer.tsx), so both show the same composition (decision 0030).
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** The design on the person's photo: its own module, fetched once a finished tattoo is on screen (decision 0030). */
const TattooPreview = lazy(() => import("./tattoo-preview"));

export function TattooOnPhoto({ photoUrl, designUrl }: { photoUrl: string; designUrl: string }) {
  const { t } = useTranslation("images");
  // Drawn only in the browser: the canvas needs the decoded pictures, and the server's page stays as it was.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <section className="flex flex-col gap-1" aria-label={t("tattoo.preview")}>
      <h3 className="text-xs font-medium text-muted-foreground">{t("tattoo.preview")}</h3>
      {mounted && (
        <Suspense fallback={<p className="text-sm text-muted-foreground">{t("tattoo.previewLoading")}</p>}>
          <TattooPreview photoUrl={photoUrl} designUrl={designUrl} fileName={t("tattoo.previewFile")} />
        </Suspense>
      )}
    </section>
  );
}
