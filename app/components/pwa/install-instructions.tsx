import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useTranslation } from "react-i18next";

/** Safari has no install prompt: the steps to add the app to the home screen (iPhone/iPad) or the Dock (Mac). */
export default function InstallInstructions({
  open,
  onOpenChange,
  platform,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  platform: "safari-ios" | "safari-mac";
}) {
  const { t } = useTranslation();
  const steps = platform === "safari-ios" ? ["ios1", "ios2", "ios3"] : ["mac1", "mac2"];
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,24rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border bg-card p-6 shadow-xl">
          <Dialog.Close className="absolute right-3 top-3 rounded p-1.5 hover:bg-muted" aria-label={t("close")}>
            <X className="size-4" aria-hidden />
          </Dialog.Close>
          <Dialog.Title className="text-lg font-semibold">{t("install.homeScreen")}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted-foreground">{t("install.why")}</Dialog.Description>
          <ol className="mt-4 list-decimal space-y-2 pl-5 text-sm">
            {steps.map((step) => (
              <li key={step}>{t(`install.steps.${step}`)}</li>
            ))}
          </ol>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
