import { Link2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { WhatsAppStatus } from "~/.server/whatsapp/link-codes";
import { openWhatsAppDialog } from "~/lib/ui-store";
import { FormAlert } from "../auth/fields";
import { useWhatsAppDisconnect } from "./api";
import { VoiceRepliesToggle } from "./voice-replies-toggle";
import { WhatsAppIcon } from "./whatsapp-icon";
import { Button } from "~/components/ui/button";

/** Settings › Login Connection: the linked WhatsApp number (masked) with Disconnect, or a way to connect one. */
export function WhatsAppSettingsSection({ status }: { status: WhatsAppStatus }) {
  const { t } = useTranslation("whatsapp");
  const { button: disconnectButton, error } = useWhatsAppDisconnect();
  const { link, configured } = status;
  return (
    <section aria-labelledby="whatsapp-settings-title" className="mt-8" data-testid="whatsapp-settings">
      <h3 id="whatsapp-settings-title" className="text-base font-semibold">
        {t("common:channels.whatsapp")}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">{t("dialog.settings.description")}</p>
      <div className="mt-3 flex flex-col gap-2 rounded-lg border p-4">
        <div className="flex flex-wrap items-center gap-3">
          <span className="inline-flex size-9 items-center justify-center rounded-full bg-muted text-[#128C7E]">
            <WhatsAppIcon />
          </span>
          <div className="min-w-0 flex-1">
            <p className="font-medium">{link ? t("dialog.settings.connected") : t("dialog.settings.notConnected")}</p>
            {link && (
              <p className="text-sm tabular-nums text-muted-foreground" data-testid="whatsapp-settings-number">
                {link.maskedPhone}
              </p>
            )}
          </div>
          {link ? (
            <Button {...disconnectButton} variant="outline" size="sm" aria-label={t("dialog.settings.disconnectLabel")}>
              {t("dialog.disconnect")}
            </Button>
          ) : configured ? (
            <Button type="button" onClick={() => openWhatsAppDialog()} variant="outline" size="sm" aria-haspopup="dialog">
              <Link2 className="size-4" aria-hidden />
              {t("dialog.settings.connect")}
            </Button>
          ) : (
            <span className="text-sm text-muted-foreground">{t("dialog.settings.unavailable")}</span>
          )}
        </div>
        {/* Meta reported a billing error for the sending number: replies wait, answers stay in the web history (decision 0036). */}
        {link && status.repliesPaused && (
          <p
            role="status"
            className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
            data-testid="whatsapp-replies-paused"
          >
            {t("dialog.settings.repliesPaused")}
          </p>
        )}
        {link && status.voiceRepliesOffered && <VoiceRepliesToggle initial={link.voiceReplies} />}
        <FormAlert code={error} />
      </div>
    </section>
  );
}
