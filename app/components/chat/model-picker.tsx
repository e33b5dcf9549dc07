import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Brain, Check, ChevronDown, Eye, Lock } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { ModelInfo } from "~/lib/models";
import { openUpgradeDialog } from "~/lib/ui-store";

interface ModelPickerProps {
  models: Pick<ModelInfo, "id" | "tier" | "vision" | "reasoning">[];
  value: string;
  onChange: (modelId: string) => void;
  canUsePro: boolean;
  demoMode: boolean;
}

/** Picks the model for the current tool. Pro models are listed for everyone; choosing one on Free opens the upgrade dialog. */
export function ModelPicker({ models, value, onChange, canUsePro, demoMode }: ModelPickerProps) {
  const { t } = useTranslation("chat");
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="inline-flex items-center gap-1.5 rounded-md border px-2.5 py-1.5 text-sm hover:bg-muted" aria-label={t("model.label")}>
        <span className="font-medium">{value}</span>
        {demoMode && <span className="rounded bg-amber-100 px-1.5 text-[10px] font-semibold uppercase text-amber-900">{t("demoModel")}</span>}
        <ChevronDown className="size-4" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={6} className="z-50 max-h-[70vh] w-80 overflow-y-auto rounded-xl border bg-card p-1 shadow-lg">
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-medium text-muted-foreground">{t("model.label")}</DropdownMenu.Label>
          {models.map((model) => {
            const locked = model.tier === "pro" && !canUsePro;
            return (
              <DropdownMenu.Item
                key={model.id}
                onSelect={() => (locked ? openUpgradeDialog("model") : onChange(model.id))}
                className="flex cursor-pointer items-start gap-2 rounded-lg px-2 py-2 outline-none data-[highlighted]:bg-muted"
              >
                <span className="mt-0.5 w-4">{model.id === value && <Check className="size-4" aria-hidden />}</span>
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
                  <span className="text-xs text-muted-foreground">{t(`models.${model.id.replace(/\./g, "_")}`)}</span>
                </span>
              </DropdownMenu.Item>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
