import { useNavigation } from "@remix-run/react";
import { LoaderCircle, RotateCcw } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** SPEC §2: phones held sideways get a request to turn back (pure CSS: shown only in short landscape viewports). */
export function OrientationWarning() {
  const { t } = useTranslation();
  return (
    <div className="orientation-warning fixed inset-0 z-[60] hidden flex-col items-center justify-center gap-3 bg-background p-6 text-center" role="alert">
      <RotateCcw className="size-8 text-primary" aria-hidden />
      <p className="max-w-xs text-base font-medium">{t("orientation.message")}</p>
    </div>
  );
}

/** SPEC §2: the full-screen "Loading your content" overlay, only when a page takes noticeably long to load. */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [slow, setSlow] = useState(false);
  const loading = navigation.state === "loading";
  useEffect(() => {
    if (!loading) {
      setSlow(false);
      return;
    }
    const timer = setTimeout(() => setSlow(true), 800);
    return () => clearTimeout(timer);
  }, [loading]);
  if (!slow) return null;
  return (
    <div className="fixed inset-0 z-[55] flex flex-col items-center justify-center gap-3 bg-background/80 backdrop-blur-sm" role="status" aria-live="polite">
      <LoaderCircle className="size-8 animate-spin text-primary" aria-hidden />
      <p className="text-sm font-medium">{t("loading")}</p>
    </div>
  );
}
