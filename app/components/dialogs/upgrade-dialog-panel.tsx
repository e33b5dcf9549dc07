import * as Dialog from "@radix-ui/react-dialog";
import { Link } from "@remix-run/react";
import { Crown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { openAuthDialog } from "~/lib/auth-dialog";
import { closeUpgradeDialog, useDialogDetail } from "~/lib/ui-store";
import { useRootData } from "~/components/root-data";
import { ProBenefits } from "../billing/pro-benefits";
import { CenteredDialog } from "../ui/centered-dialog";
import { Button } from "~/components/ui/button";

/** The upgrade-to-Pro dialog's body (loaded the first time the dialog opens). Visitors are asked to sign in first. */
export default function UpgradeDialogPanel({ open }: { open: boolean }) {
  const { t } = useTranslation("billing");
  const upgradeReason = useDialogDetail("upgradeReason");
  const signedIn = Boolean(useRootData()?.user);
  return (
    <CenteredDialog open={open} onOpenChange={(next) => !next && closeUpgradeDialog()}>
      <span className="mb-3 inline-flex size-10 items-center justify-center rounded-full bg-accent text-primary">
        <Crown className="size-5" aria-hidden />
      </span>
      <Dialog.Title className="text-xl font-semibold">{t("dialog.title")}</Dialog.Title>
      <Dialog.Description className="mt-1 text-sm text-muted-foreground">{t(`dialog.reason.${upgradeReason}`)}</Dialog.Description>
      <ProBenefits className="my-4 flex flex-col gap-2" />
      {signedIn ? (
        <Link
          to="/payment"
          onClick={() => closeUpgradeDialog()}
          className="block rounded-lg bg-primary px-4 py-2.5 text-center text-sm font-medium text-primary-foreground"
        >
          {t("dialog.cta")}
        </Link>
      ) : (
        <Button type="button" onClick={() => openAuthDialog("sign-in")} variant="primary" size="lg" className="w-full">
          {t("dialog.signIn")}
        </Button>
      )}
      <Dialog.Close className="mt-2 block w-full rounded-lg px-4 py-2 text-center text-sm text-muted-foreground hover:bg-muted">
        {t("dialog.later")}
      </Dialog.Close>
    </CenteredDialog>
  );
}
