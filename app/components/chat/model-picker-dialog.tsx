import * as Dialog from "@radix-ui/react-dialog";
import { Brain, Check, Eye, Lock, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { findModel, PROVIDER_LABELS, type ModelInfo } from "~/lib/models";
import { openUpgradeDialog } from "~/lib/ui-store";
import { Button } from "~/components/ui/button";

export interface ModelPickerProps {
  models: Pick<ModelInfo, "id" | "tier" | "vision" | "reasoning">[];
  value: string;
  onChange: (modelId: string) => void;
  canUsePro: boolean;
  demoMode: boolean;
  /** The stored choice is not restored yet: the button keeps its place but shows no (possibly wrong) name. */
  pending?: boolean;
}

function providerLabel(modelId: string): string {
  const provider = findModel(modelId)?.provider;
  return provider ? `${PROVIDER_LABELS[provider]} · ` : "";
}

/** The model list with descriptions and abilities. Pro models on a Free plan open the upgrade dialog instead. */
export default function ModelPickerDialog({
  open,
  onOpenChange,
  models,
  value,
  onChange,
  canUsePro,
}: ModelPickerProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation(["chat", "models"]);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 flex max-h-[80vh] w-[min(94vw,26rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl border bg-card shadow-xl"
          aria-describedby={undefined}
        >
          <div className="flex items-center justify-between border-b px-4 py-3">
            <Dialog.Title className="font-semibold">{t("model.choose")}</Dialog.Title>
            <Dialog.Close className="rounded p-1.5 hover:bg-muted" aria-label={t("common:close")}>
              <X className="size-4" aria-hidden />
            </Dialog.Close>
          </div>
          <div className="flex flex-col overflow-y-auto p-2" role="radiogroup" aria-label={t("model.label")}>
            {models.map((model) => {
              const locked = model.tier === "pro" && !canUsePro;
              const selected = model.id === value;
              return (
                <Button
                  key={model.id}
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  onClick={() => {
                    onOpenChange(false);
                    if (locked) openUpgradeDialog("model");
                    else onChange(model.id);
                  }}
                  variant="unstyled"
                  className={`flex w-full items-start gap-2 rounded-lg px-2 py-2 text-left hover:bg-muted ${selected ? "bg-accent" : ""}`}
                >
                  <span className="mt-0.5 w-4">{selected && <Check className="size-4" aria-hidden />}</span>
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="flex items-center gap-1.5 text-sm font-medium">
                      {model.id}
                      {model.vision && <Eye className="size-3.5 text-muted-foreground" aria-label={t("model.vision")} />}
                      {model.reasoning && <Brain className="size-3.5 text-muted-foreground" aria-label={t("model.reasoning")} />}
                      {model.tier === "pro" && (
                        <span className="inline-flex items-center gap-0.5 rounded bg-accent px-1 text-[10px] font-semibold uppercase text-primary">
                          {locked && <Lock className="size-2.5" aria-hidden />}
                          Pro
                        </span>
                      )}
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {/* The real vendor of each model (docs/product.md §3's list), never docs/product.md §9's placeholder provider name. */}
                      {providerLabel(model.id)}
                      {t(`models:${model.id.replace(/\./g, "_")}`)}
                    </span>
                  </span>
                </Button>
              );
            })}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
