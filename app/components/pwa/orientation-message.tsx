import { RotateCcw } from "lucide-react";
import { useTranslation } from "react-i18next";

/** The request to turn the phone upright; its own chunk, fetched the first time a phone is held sideways. */
export default function OrientationMessage({ open }: { open: boolean }) {
  const { t } = useTranslation();
  if (!open) return null;
  return (
    <div className="fixed inset-0 z-[60] flex flex-col items-center justify-center gap-3 bg-background p-6 text-center" role="alert">
      <RotateCcw className="size-8 text-primary" aria-hidden />
      <p className="max-w-xs text-base font-medium">{t("orientation.message")}</p>
    </div>
  );
}
