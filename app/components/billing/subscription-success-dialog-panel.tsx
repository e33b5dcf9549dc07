import * as Dialog from "@radix-ui/react-dialog";
import { PartyPopper } from "lucide-react";
import { useTranslation } from "react-i18next";
import { closeSubscriptionSuccessDialog } from "~/lib/ui-store";
import { CenteredDialog } from "../ui/centered-dialog";
import { NextStepLinks } from "./next-step-links";
import { ProBenefits } from "./pro-benefits";

/** docs/product.md §2 subscription-success dialog: opens once the plan is active (loaded the first time it opens). */
export default function SubscriptionSuccessDialogPanel({ open }: { open: boolean }) {
  const { t } = useTranslation("billing");
  return (
    <CenteredDialog open={open} onOpenChange={(next) => !next && closeSubscriptionSuccessDialog()} className="text-center">
      <span className="mx-auto mb-3 inline-flex size-12 items-center justify-center rounded-full bg-accent text-primary">
        <PartyPopper className="size-6" aria-hidden />
      </span>
      <Dialog.Title className="text-xl font-semibold">{t("successDialog.title")}</Dialog.Title>
      <Dialog.Description className="mt-1 text-sm text-muted-foreground">{t("successDialog.body")}</Dialog.Description>
      <ProBenefits className="my-4 flex flex-col items-center gap-2" />
      <NextStepLinks
        start={t("successDialog.start")}
        manage={t("successDialog.manage")}
        className="flex flex-col gap-2 sm:flex-row sm:justify-center"
        onNavigate={() => closeSubscriptionSuccessDialog()}
      />
    </CenteredDialog>
  );
}
