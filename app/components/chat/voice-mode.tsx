import { AudioLines } from "lucide-react";
import { useTranslation } from "react-i18next";
import { createStore, useStore } from "~/lib/store";
import { lazyOverlay } from "../ui/lazy-overlay";
import type { ChatMessage } from "./use-chat";
import { Button } from "~/components/ui/button";

// Whether voice mode is open: outside the chat screen, because its first turn moves a new chat to the thread's address
// and the screen there is a new one (voice-session.ts keeps the conversation going across it).
const voiceModeOpen = createStore(false);
const setOpen = (open: boolean) => voiceModeOpen.set(open);

/** "Voice mode" beside the composer: opens the full-screen conversation. */
export function VoiceModeButton() {
  const { t } = useTranslation("chat");
  return (
    <Button
      type="button"
      onClick={() => setOpen(true)}
      aria-haspopup="dialog"
      aria-label={t("voice.mode")}
      title={t("voice.mode")}
      variant="ghost"
      size="icon"
      className="text-muted-foreground"
    >
      <AudioLines className="size-4" aria-hidden />
    </Button>
  );
}

export interface VoiceModeProps {
  send: (text: string) => Promise<{ ok: boolean; code?: string }>;
  messages: ChatMessage[];
  transcription: "server" | "browser";
  plan: "guest" | "free" | "pro";
}

// docs/product.md §2: overlays load the first time they are opened (decision 0019).
const VoiceModePanel = lazyOverlay<VoiceModeProps & { open: boolean; onClose: () => void }>(() => import("./voice-mode-panel"), ["voice"]);

export function VoiceMode(props: VoiceModeProps) {
  const isOpen = useStore(voiceModeOpen);
  return <VoiceModePanel {...props} open={isOpen} onClose={() => setOpen(false)} />;
}
