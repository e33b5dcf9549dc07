import { ChevronDown } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { lazyOverlay } from "../ui/lazy-overlay";
// Type only: erased from the bundle, so the dialog still loads on first open.
import type { ModelPickerProps } from "./model-picker-dialog";
import { Button } from "~/components/ui/button";

const ModelPickerDialog = lazyOverlay(() => import("./model-picker-dialog"), ["models"]);

/** The current tool's model; the list opens in a dialog. */
export function ModelPicker({ pending = false, ...props }: ModelPickerProps) {
  const { t } = useTranslation("chat");
  const [open, setOpen] = useState(false);
  return (
    <>
      {/* The name is the visible text with "Model:" before it for screen readers, so what a voice-control user sees is what they can say. */}
      <Button
        type="button"
        onClick={() => setOpen(true)}
        variant="outline"
        size="sm"
        className={pending ? "invisible" : undefined}
        aria-haspopup="dialog"
        aria-busy={pending || undefined}
      >
        <span className="sr-only">{t("model.label")}: </span>
        <span className="font-medium">{props.value}</span>
        {props.demoMode && <span className="rounded bg-amber-100 px-1.5 text-[10px] font-semibold uppercase text-amber-900">{t("demoModel")}</span>}
        <ChevronDown className="size-4" aria-hidden />
      </Button>
      <ModelPickerDialog {...props} open={open} onOpenChange={setOpen} />
    </>
  );
}
