import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { callApi } from "~/lib/api-client";
import { notify } from "~/lib/toast";

/** Settings › Login Connection: "Answer my voice notes with a voice note too" for the linked number (decision 0025). */
export function VoiceRepliesToggle({ initial }: { initial: boolean }) {
  const { t } = useTranslation("whatsapp");
  const id = useId();
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
    <div className="flex items-start gap-2 text-sm">
      <input
        id={id}
        type="checkbox"
        checked={enabled}
        disabled={busy}
        onChange={(event) => void change(event.target.checked)}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-4"
      />
      <div>
        <label htmlFor={id} className="font-medium">
          {t("dialog.settings.voiceReplies")}
        </label>
        <p id={`${id}-hint`} className="text-muted-foreground">
          {t("dialog.settings.voiceRepliesHint")}
        </p>
      </div>
    </div>
  );
}
