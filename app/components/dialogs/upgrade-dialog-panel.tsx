import * as Dialog from "@radix-ui/react-dialog";
import { Link } from "@remix-run/react";
import { Check, Crown, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { openAuthDialog } from "~/lib/auth-dialog";
import { closeUpgradeDialog, useUiState } from "~/lib/ui-store";
import { useRootData } from "~/root";

const BENEFITS = ["models", "tools", "whatsapp"] as const;

/** The upgrade-to-Pro dialog's body (loaded the first time the dialog opens). Visitors are asked to sign in first. */
export default function UpgradeDialogPanel({ open }: { open: boolean }) {
  const { t } = useTranslation("billing");
  const { upgradeReason } = useUiState();
  const signedIn = Boolean(useRootData()?.user);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && closeUpgradeDialog()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border bg-card p-6 shadow-xl">
          <Dialog.Close className="absolute right-3 top-3 rounded p-1.5 hover:bg-muted" aria-label={t("common:close")}>
            <X className="size-4" aria-hidden />
          </Dialog.Close>
          <span className="mb-3 inline-flex size-10 items-center justify-center rounded-full bg-accent text-primary">
            <Crown className="size-5" aria-hidden />
          </span>
          <Dialog.Title className="text-xl font-semibold">{t("dialog.title")}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted-foreground">{t(`dialog.reason.${upgradeReason}`)}</Dialog.Description>
          <ul className="my-4 flex flex-col gap-2">
            {BENEFITS.map((benefit) => (
              <li key={benefit} className="flex items-center gap-2 text-sm">
                <Check className="size-4 text-primary" aria-hidden />
                {t(`benefits.${benefit}`)}
              </li>
            ))}
          </ul>
          {signedIn ? (
            <Link to="/payment" onClick={() => closeUpgradeDialog()} className="block rounded-lg bg-primary px-4 py-2.5 text-center text-sm font-medium text-primary-foreground">
              {t("dialog.cta")}
            </Link>
          ) : (
            <button
              type="button"
              onClick={() => {
                closeUpgradeDialog();
                openAuthDialog("sign-in");
              }}
              className="block w-full rounded-lg bg-primary px-4 py-2.5 text-center text-sm font-medium text-primary-foreground"
            >
              {t("dialog.signIn")}
            </button>
          )}
          <Dialog.Close className="mt-2 block w-full rounded-lg px-4 py-2 text-center text-sm text-muted-foreground hover:bg-muted">{t("dialog.later")}</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
