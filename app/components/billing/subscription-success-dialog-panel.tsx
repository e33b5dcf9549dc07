import * as Dialog from "@radix-ui/react-dialog";
import { Link } from "@remix-run/react";
import { Check, PartyPopper, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { closeSubscriptionSuccessDialog } from "~/lib/ui-store";

const BENEFITS = ["models", "tools", "whatsapp"] as const;

/** SPEC §2 subscription-success dialog: opens once the plan is active (loaded the first time it opens). */
export default function SubscriptionSuccessDialogPanel({ open }: { open: boolean }) {
  const { t } = useTranslation("billing");
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && closeSubscriptionSuccessDialog()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border bg-card p-6 text-center shadow-xl">
          <Dialog.Close className="absolute right-3 top-3 rounded p-1.5 hover:bg-muted" aria-label={t("common:close")}>
            <X className="size-4" aria-hidden />
          </Dialog.Close>
          <span className="mx-auto mb-3 inline-flex size-12 items-center justify-center rounded-full bg-accent text-primary">
            <PartyPopper className="size-6" aria-hidden />
          </span>
          <Dialog.Title className="text-xl font-semibold">{t("successDialog.title")}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted-foreground">{t("successDialog.body")}</Dialog.Description>
          <ul className="my-4 flex flex-col items-center gap-2">
            {BENEFITS.map((benefit) => (
              <li key={benefit} className="flex items-center gap-2 text-sm">
                <Check className="size-4 text-primary" aria-hidden />
                {t(`benefits.${benefit}`)}
              </li>
            ))}
          </ul>
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
            <Link to="/web-main" onClick={() => closeSubscriptionSuccessDialog()} className="rounded-lg bg-primary px-4 py-2.5 text-sm font-medium text-primary-foreground">
              {t("successDialog.start")}
            </Link>
            <Link to="/settings/my-plan" onClick={() => closeSubscriptionSuccessDialog()} className="rounded-lg border px-4 py-2.5 text-sm font-medium hover:bg-muted">
              {t("successDialog.manage")}
            </Link>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
