import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { callApi } from "~/lib/api-client";
import { notify } from "~/lib/toast";
import { VOICES, type Voice } from "~/lib/voice";
import { Options } from "~/components/ui/field";

/** Settings › Account › Voice: the voice that reads answers aloud, kept with the account (decision 0025). */
export function VoiceSetting({ initial }: { initial: Voice }) {
  const { t } = useTranslation("settings");
  const id = useId();
  const [voice, setVoice] = useState<Voice>(initial);
  const [busy, setBusy] = useState(false);
  const change = async (next: Voice) => {
    const previous = voice;
    setBusy(true);
    setVoice(next);
    const body = new FormData();
    body.set("voice", next);
    const answer = await callApi<{ voice: Voice }>("/api/settings/voice", { method: "POST", body });
    setBusy(false);
    if (answer.ok) return;
    setVoice(previous);
    notify("error", answer.error.fieldErrors?.voice ?? answer.error.message);
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {t("voice.label")}
      </label>
      <select
        id={id}
        value={voice}
        disabled={busy}
        onChange={(event) => void change(event.target.value as Voice)}
        aria-describedby={`${id}-note`}
        className="w-48 rounded-md border bg-background px-2 py-1.5 text-sm"
      >
        <Options values={VOICES} label={(name) => name[0]!.toUpperCase() + name.slice(1)} />
      </select>
      <p id={`${id}-note`} className="text-xs text-muted-foreground">
        {t("voice.accountNote")} {t("voice.browserNote")}
      </p>
    </div>
  );
}
