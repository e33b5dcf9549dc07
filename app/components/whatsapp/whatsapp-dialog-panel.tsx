import * as Dialog from "@radix-ui/react-dialog";
import { Crown, Loader2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { openAuthDialog } from "~/lib/auth-dialog";
import { closeWhatsAppDialog, openUpgradeDialog } from "~/lib/ui-store";
import { useRootData } from "~/components/root-data";
import { FormAlert } from "../auth/fields";
import { CenteredDialog } from "../ui/centered-dialog";
import { fetchWhatsAppStatus, useWhatsAppDisconnect, type WhatsAppStatusView } from "./api";
import { LinkForm } from "./link-form";
import { WhatsAppIcon } from "./whatsapp-icon";
import { Button } from "~/components/ui/button";

function LinkedNumber({ link, onDisconnected }: { link: NonNullable<WhatsAppStatusView["link"]>; onDisconnected: () => void }) {
  const { t, i18n } = useTranslation("whatsapp");
  const { button: disconnectButton, error } = useWhatsAppDisconnect(onDisconnected);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(link.linkedAt);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3 rounded-lg border p-3">
        <WhatsAppIcon className="size-5 text-[#128C7E]" />
        <div className="min-w-0 flex-1">
          <p className="text-sm text-muted-foreground">{t("dialog.linkedNumber")}</p>
          <p className="font-medium tabular-nums" data-testid="whatsapp-linked-number">
            {link.maskedPhone}
          </p>
          <p className="text-xs text-muted-foreground">{t("dialog.linkedOn", { date })}</p>
        </div>
        <Button {...disconnectButton} variant="outline" size="md" className="font-medium">
          {t("dialog.disconnect")}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">{t("dialog.linkedHint")}</p>
      <FormAlert code={error} />
    </div>
  );
}

/** docs/product.md §6: WhatsApp chat is Pro. A Free user may link now; answers start after upgrading. */
function ProNotice() {
  const { t } = useTranslation("whatsapp");
  return (
    <div className="mt-4 flex flex-col gap-2 rounded-lg border border-amber-500/40 bg-amber-500/5 p-3">
      <p className="flex items-start gap-2 text-sm">
        <Crown className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
        {t("dialog.needsPro")}
      </p>
      <Button type="button" onClick={() => openUpgradeDialog("whatsapp")} variant="primary" size="lg">
        {t("dialog.upgrade")}
      </Button>
    </div>
  );
}

function Content({ status, onChange, onStale }: { status: WhatsAppStatusView; onChange: (status: WhatsAppStatusView) => void; onStale: () => void }) {
  const { t } = useTranslation("whatsapp");
  if (!status.configured) {
    return (
      <div className="flex flex-col gap-3">
        <FormAlert code="whatsapp/not-configured" />
        {/* A number linked before the channel was switched off can still be disconnected. */}
        {status.signedIn && status.link && <LinkedNumber link={status.link} onDisconnected={() => onChange({ ...status, link: null })} />}
      </div>
    );
  }
  if (!status.signedIn) {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-sm">{t("dialog.signInFirst")}</p>
        <Button type="button" onClick={() => openAuthDialog("sign-in")} variant="primary" size="lg">
          {t("dialog.signIn")}
        </Button>
      </div>
    );
  }
  return (
    <>
      {status.link ? (
        <LinkedNumber link={status.link} onDisconnected={() => onChange({ ...status, link: null })} />
      ) : (
        <LinkForm initialCountry={status.country} onStale={onStale} />
      )}
      {status.plan !== "pro" && <ProNotice />}
    </>
  );
}

/** The WhatsApp dialog's body (loaded the first time it opens): what it shows follows the server's status. */
export default function WhatsAppDialogPanel({ open }: { open: boolean }) {
  const { t } = useTranslation("whatsapp");
  const signedIn = Boolean(useRootData()?.user);
  const [status, setStatus] = useState<WhatsAppStatusView | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // Asked again at every opening (and after signing in or out): the link may have been made on the phone meanwhile.
  useEffect(() => {
    if (!open) return;
    let current = true;
    setStatus(null);
    setFailed(false);
    void fetchWhatsAppStatus().then((answer) => {
      if (!current) return;
      if (answer.ok) setStatus(answer.data);
      else setFailed(true);
    });
    return () => {
      current = false;
    };
  }, [open, signedIn, attempt]);

  const retry = () => setAttempt((value) => value + 1);
  return (
    <CenteredDialog open={open} onOpenChange={(next) => !next && closeWhatsAppDialog()} className="max-h-[92dvh] overflow-y-auto md:w-[34rem]">
      <span className="mb-3 inline-flex size-10 items-center justify-center rounded-full bg-[#25D366]/15 text-[#128C7E]">
        <WhatsAppIcon className="size-5" />
      </span>
      <Dialog.Title className="text-xl font-semibold">{t("dialog.title")}</Dialog.Title>
      <Dialog.Description className="mt-1 text-sm text-muted-foreground">{t("dialog.description")}</Dialog.Description>
      <div className="mt-4">
        {failed ? (
          <div className="flex flex-col gap-3">
            <FormAlert>{t("dialog.loadFailed")}</FormAlert>
            <Button type="button" onClick={retry} variant="outline" size="md" className="font-medium">
              {t("dialog.retry")}
            </Button>
          </div>
        ) : status ? (
          <Content status={status} onChange={setStatus} onStale={retry} />
        ) : (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden />
            {t("dialog.loading")}
          </p>
        )}
      </div>
    </CenteredDialog>
  );
}
