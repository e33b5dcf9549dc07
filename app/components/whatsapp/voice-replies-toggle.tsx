import { useState } from "react";
import { useTranslation } from "react-i18next";
import { callApi } from "~/lib/api-client";
import { notify } from "~/lib/toast";
import { CheckboxRow } from "~/components/ui/field";

/** Settings › Login Connection: "Answer my voice notes with a voice note too" for the linked number (decision 0025). */
export function VoiceRepliesToggle({ initial }: { initial: boolean }) {
  const { t } = useTranslation("whatsapp");
  const [enabled, setEnabled] = useState(initial);
  const [busy, setBusy] = useState(false);
  const change = async (next: boolean) => {
    setBusy(true);
    setEnabled(next);
    const body = new FormData();
    body.set("enabled", String(next));
    const answer = await callApi<{ voiceReplies: boolean }>("/api/whatsapp/voice-replies", { method: "POST", body });
    setBusy(false);
    if (answer.ok) return;
    setEnabled(!next);
    notify("error", answer.error.message);
  };
  return (
    <CheckboxRow
      label={t("dialog.settings.voiceReplies")}
      hint={t("dialog.settings.voiceRepliesHint")}
      checked={enabled}
      disabled={busy}
      onChange={(next) => void change(next)}
    />
  );
}
