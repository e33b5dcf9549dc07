import { Square, Volume2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "~/lib/toast";
import type { Reading } from "./reader";
import { Button } from "~/components/ui/button";

/**
 * "Read aloud" on a finished answer: a toggle (pressed while reading; pressing again stops) with the reading's
 * progress. The reader's code loads on the first press, so the chat's first load does not carry it (decision 0019).
 */
export function ReadAloudButton({ messageId, text }: { messageId: string; text: string }) {
  const { t, i18n } = useTranslation("chat");
  const [state, setState] = useState<"idle" | "preparing" | "reading">("idle");
  const [progress, setProgress] = useState(0);
  const reading = useRef<Reading | null>(null);
  useEffect(() => () => reading.current?.stop(), []);

  const toggle = async () => {
    if (reading.current) return reading.current.stop();
    setState("preparing");
    setProgress(0);
    const { readAloud } = await import("./reader");
    reading.current = readAloud({
      messageId,
      text,
      locale: i18n.language,
      codeWord: t("voice.code"),
      onStart: () => setState("reading"),
      onProgress: setProgress,
      onEnd: ({ error }) => {
        reading.current = null;
        setState("idle");
        if (error !== undefined) notify("error", error || t("errors:voice/speech-failed"));
      },
    });
  };

  const active = state !== "idle";
  const percent = Math.round(progress * 100);
  return (
    <span className="inline-flex items-center gap-1">
      <Button
        type="button"
        onClick={() => void toggle()}
        aria-pressed={active}
        aria-label={t("voice.readAloud")}
        title={active ? t("voice.stopReading") : t("voice.readAloud")}
        variant="ghost"
        size="icon"
        className={active ? "text-primary" : "text-muted-foreground"}
      >
        {active ? <Square className="size-3.5 fill-current" aria-hidden /> : <Volume2 className="size-3.5" aria-hidden />}
      </Button>
      {active && (
        <span
          role="progressbar"
          aria-label={state === "preparing" ? t("voice.preparing") : t("voice.progress", { percent })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-1 w-12 overflow-hidden rounded-full bg-muted"
        >
          <span className="block h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
        </span>
      )}
    </span>
  );
}
