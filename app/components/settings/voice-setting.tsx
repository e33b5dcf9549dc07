import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_VOICE, VOICES, type Voice } from "~/lib/voice";
import { chooseVoice, chosenVoice } from "~/lib/voice-prefs";

/** Settings › Account › Voice: the voice that reads answers aloud, kept on this device (decision 0025). */
export function VoiceSetting() {
  const { t } = useTranslation("settings");
  const id = useId();
  const [voice, setVoice] = useState<Voice>(DEFAULT_VOICE);
  // Read after hydration: the server cannot know what this device chose.
  useEffect(() => setVoice(chosenVoice()), []);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {t("voice.label")}
      </label>
      <select
        id={id}
        value={voice}
        onChange={(event) => {
          const next = event.target.value as Voice;
          setVoice(next);
          chooseVoice(next);
        }}
        aria-describedby={`${id}-note`}
        className="w-48 rounded-md border bg-background px-2 py-1.5 text-sm"
      >
        {VOICES.map((name) => (
          <option key={name} value={name}>
            {name[0]!.toUpperCase() + name.slice(1)}
          </option>
        ))}
      </select>
      <p id={`${id}-note`} className="text-xs text-muted-foreground">
        {t("voice.browserNote")}
      </p>
    </div>
  );
}
