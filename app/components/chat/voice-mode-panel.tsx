import * as Dialog from "@radix-ui/react-dialog";
import { Mic, X } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { CREDIT_COSTS } from "~/lib/constants";
import { useStore } from "~/lib/store";
import { PRO_VOICE_MINUTES_DAILY } from "~/lib/voice";
import type { VoiceModeProps } from "./voice-mode";
import { voiceSession, type VoicePhase } from "./voice-session";
import { Button } from "~/components/ui/button";

const STATUS: Record<Exclude<VoicePhase, "ready" | "stopped">, string> = {
  listening: "listening",
  transcribing: "transcribing",
  answering: "answering",
  speaking: "speaking",
};

/**
 * The full-screen voice conversation (decision 0025): the cost first, then listen → words → answer read aloud → listen.
 * A tap anywhere on the stage interrupts; Escape or "End voice mode" closes it. Every turn is a chat message.
 */
export default function VoiceModePanel({ open, onClose, send, messages, transcription, plan }: VoiceModeProps & { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation(["voice", "chat"]);
  const state = useStore(voiceSession.state);
  useEffect(() => {
    voiceSession.bind({ send, messages, transcription, locale: i18n.language, codeWord: t("chat:voice.code") });
  }, [send, messages, transcription, i18n.language, t]);

  const close = () => {
    voiceSession.close();
    onClose();
  };
  const active = state.phase !== "ready" && state.phase !== "stopped";
  const problem = state.problem ? (state.problem.message ?? t(`errors:${state.problem.code ?? "app/unknown"}`)) : null;

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <Dialog.Portal>
        <Dialog.Content className="fixed inset-0 z-50 flex flex-col bg-background" aria-describedby="voice-mode-description">
          <div className="flex items-center justify-between p-4">
            <Dialog.Title className="text-lg font-semibold">{t("modeTitle")}</Dialog.Title>
            <Dialog.Close className="inline-flex items-center gap-1.5 rounded-md border px-3 py-1.5 text-sm hover:bg-muted">
              <X className="size-4" aria-hidden />
              {t("close")}
            </Dialog.Close>
          </div>
          <Dialog.Description id="voice-mode-description" className="px-4 text-sm text-muted-foreground">
            {t("modeDescription")}
          </Dialog.Description>
          <div
            className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center gap-6 px-4 text-center"
            onClick={() => active && voiceSession.interrupt()}
          >
            {!active ? (
              <>
                <p className="text-sm text-muted-foreground" data-testid="voice-cost">
                  {plan === "pro" ? t("costPro", { minutes: PRO_VOICE_MINUTES_DAILY }) : t("cost", { cost: CREDIT_COSTS.voiceMinute })}
                </p>
                <Button type="button" onClick={() => voiceSession.start()} variant="primary" size="none" className="gap-2 rounded-full px-6 py-3 text-base">
                  <Mic className="size-5" aria-hidden />
                  {t("begin")}
                </Button>
              </>
            ) : (
              <>
                <span
                  aria-hidden
                  className={`size-28 rounded-full bg-primary/20 ${state.phase === "listening" ? "animate-pulse" : ""} ${state.phase === "speaking" ? "ring-8 ring-primary/30" : ""}`}
                />
                <p role="status" aria-live="polite" className="text-base font-medium" data-testid="voice-phase" data-phase={state.phase}>
                  {t(STATUS[state.phase as keyof typeof STATUS])}
                </p>
                {state.phase === "speaking" && (
                  <Button type="button" onClick={() => voiceSession.interrupt()} variant="outline" size="sm">
                    {t("interrupt")}
                  </Button>
                )}
              </>
            )}
            {state.notice && <p className="text-sm text-muted-foreground">{t(`${state.notice}`)}</p>}
            {state.heard && (
              <div className="w-full rounded-2xl bg-accent px-4 py-3 text-left">
                <p className="text-xs font-medium text-muted-foreground">
                  {t("you")}
                  {state.demo && ` · ${t("chat:demoModel")}`}
                </p>
                <p data-testid="voice-heard">{state.heard}</p>
              </div>
            )}
            {state.answer && (
              <div className="w-full rounded-2xl border px-4 py-3 text-left">
                <p className="text-xs font-medium text-muted-foreground">{t("assistant")}</p>
                <p className="line-clamp-6 whitespace-pre-wrap" data-testid="voice-answer">
                  {state.answer}
                </p>
              </div>
            )}
            {problem && (
              <p role="alert" className="rounded-md border border-danger/40 px-3 py-2 text-sm text-danger">
                {problem}
              </p>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
