import { useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { NETWORK_FAILED } from "~/lib/api-client";
import { useToolModel } from "~/lib/chat-prefs";
import type { DocumentView } from "~/lib/documents";
import { useOfferSendAgain } from "~/lib/connection";
import { chooseModel, providerNameFor, type ModelInfo } from "~/lib/models";
import { readDraft, saveTempMessage, takeTempMessage, writeDraft } from "~/lib/temp-message";
import { SUGGESTION_CATEGORIES } from "~/lib/tools";
import { UpgradeDialog } from "../dialogs/upgrade-dialog";
import { Composer, type Attachment } from "./composer";
import { CreditsLine } from "./credits-line";
import { CONVERSATION_MARKER, loadConversation, useConversation } from "./conversation";
import { Greeting } from "./greeting";
import { ModelPicker } from "./model-picker";
import { useTemporaryAttachments } from "./temporary-attachments";
import { TemporaryChatSwitch } from "./temporary-chat-switch";
import { useChat, type ChatMessage } from "./use-chat";
import { VoiceMode, VoiceModeButton } from "./voice-mode";
import { Button } from "~/components/ui/button";
import type { ThreadProject } from "~/lib/projects";
import { ProjectBanner } from "../projects/project-banner";
import { InProjectThread } from "../projects/project-thread";

export interface ChatScreenProps {
  thread: { id: string; title: string; starred: boolean } | null;
  messages: ChatMessage[];
  models: Pick<ModelInfo, "id" | "tier" | "vision" | "reasoning">[];
  demoMode: boolean;
  plan: "guest" | "free" | "pro";
  /** Where voice mode hears: the server's transcription (a provider key) or the browser's recognition. */
  voice: "server" | "browser";
  /** The URL named a thread that does not exist (or is not the viewer's). */
  missingThread?: boolean;
  /** The documents attached to the thread's questions, by id (docs/decisions/0031-documents-in-chat.md). */
  documents?: Record<string, DocumentView>;
  /** The document types the attach button offers (the server's list, sent with the screen's data). */
  documentAccept?: string;
  /** The project the chat is in, or a new chat is started in (docs/decisions/0038-projects.md). */
  project?: ThreadProject | null;
}

/** The AI chat (docs/product.md §2): greeting and suggestions when empty, then the conversation with streaming answers. */
export function ChatScreen({
  thread,
  messages: initialMessages,
  models,
  demoMode,
  plan,
  voice,
  missingThread = false,
  documents,
  documentAccept,
  project = null,
}: ChatScreenProps) {
  const { t } = useTranslation("chat");
  const [choice, setChoice, modelRestored] = useToolModel("web-main");
  const { id: modelId, model } = chooseModel("web-main", models, choice.modelName);
  // A temporary chat (decision 0027) is offered on a new chat only; it lives in this page until the tab closes or reloads.
  const [temporary, setTemporary] = useState(false);
  const chat = useChat({ threadId: thread?.id ?? null, initialMessages, model: modelId, temporary, projectId: thread ? undefined : project?.id });
  const { pathname } = useLocation();
  const offerSendAgain = useOfferSendAgain();
  const [draft, setDraftState] = useState("");
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  // What a temporary chat attaches is removed when it ends (decision 0027).
  const temporaryFiles = useTemporaryAttachments();
  const attach = (next: Attachment | null) => {
    if (next && temporary) temporaryFiles.track(next.id);
    setAttachment(next);
  };
  const setDraft = useCallback(
    (text: string) => {
      setDraftState(text);
      writeDraft(pathname, text);
      // Something to send soon: the conversation's code comes now, so the first question shows the moment it is sent.
      if (text) void loadConversation();
    },
    [pathname],
  );
  const empty = chat.messages.length === 0;
  const conversation = useConversation(Boolean(thread) || !empty);

  // What was being typed here survives a reload or a sign-in in this tab (restored after hydration: the server has none).
  useEffect(() => {
    const saved = readDraft(pathname);
    if (saved) setDraftState(saved);
  }, [pathname]);

  // docs/product.md §4 tempMessage: a visitor's question that needed an account is sent once they are signed in.
  const send = useRef(chat.send);
  send.current = chat.send;
  useEffect(() => {
    if (plan === "guest") return;
    const waiting = takeTempMessage(pathname);
    if (!waiting) return;
    setDraft("");
    void send.current(waiting.text, waiting.attachmentId ?? undefined);
  }, [plan, pathname, setDraft]);

  const submit = async (text: string, attached: Attachment | null) => {
    const attachmentId = attached?.id;
    if (attachmentId && temporary) temporaryFiles.track(attachmentId);
    setDraft("");
    setAttachment(null);
    const result = await chat.send(text, attachmentId);
    if (result.ok) return;
    // Refused (no credits left, a Pro model...) or never sent (offline): the question and its image go back in the
    // box rather than being lost, and offline it is offered again once the connection is back.
    setDraft(text);
    setAttachment(attached);
    if (result.code === NETWORK_FAILED) offerSendAgain(() => void submit(text, attached));
    if (plan === "guest" && (result.code === "credits/exhausted" || result.code === "auth/sign-in-required")) saveTempMessage({ text, attachmentId }, pathname);
  };

  const composer = (
    <Composer
      value={draft}
      onChange={setDraft}
      busy={chat.busy}
      onStop={() => void chat.stop()}
      allowAttachment={Boolean(model?.vision)}
      acceptDocuments={documentAccept}
      onSubmit={(text, attached) => void submit(text, attached)}
      attachment={attachment}
      onAttachmentChange={attach}
      temporary={temporary}
      toolbar={
        <>
          <ModelPicker
            pending={!modelRestored}
            models={models}
            value={modelId}
            demoMode={demoMode}
            canUsePro={plan === "pro"}
            onChange={(modelName) => setChoice({ llmName: providerNameFor(modelName), modelName })}
          />
          <VoiceModeButton />
        </>
      }
      footer={<CreditsLine action="chat" />}
    />
  );

  return (
    <div className="flex min-h-0 flex-1 flex-col" {...(thread || !empty ? { [CONVERSATION_MARKER]: "" } : {})}>
      <UpgradeDialog />
      <VoiceMode send={chat.send} messages={chat.messages} transcription={voice} plan={plan} />
      {project && <ProjectBanner project={project} newChat={!thread} />}
      {thread ? (
        conversation && <conversation.ThreadHeader thread={thread} />
      ) : project ? null : (
        <TemporaryChatSwitch
          on={temporary}
          disabled={chat.busy}
          onChange={(next) => {
            // Leaving a temporary chat ends it, the file waiting in its box included.
            if (temporary) {
              temporaryFiles.end();
              setAttachment(null);
            }
            setTemporary(next);
            chat.reset();
          }}
        />
      )}
      {missingThread && (
        <p role="status" className="mx-auto mt-4 w-full max-w-3xl rounded-md border px-4 py-2 text-sm text-muted-foreground">
          {t("errors:chat/not-found")}
        </p>
      )}
      {empty ? (
        <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col justify-center gap-8 px-4 py-10">
          <div className="text-center">
            <Greeting />
            <p className="mt-2 text-muted-foreground">{t("subtitle")}</p>
            {temporary && (
              <p role="status" className="mx-auto mt-4 max-w-xl rounded-md border px-4 py-2 text-sm text-muted-foreground">
                {t("memory.temporaryOn")}
              </p>
            )}
          </div>
          <ul className="flex flex-wrap justify-center gap-2" aria-label={t("suggestionsLabel")}>
            {SUGGESTION_CATEGORIES.map((key) => (
              <li key={key}>
                <Button type="button" onClick={() => setDraft(t(`suggestions.${key}.prompt`))} variant="outline" size="pill">
                  {t(`suggestions.${key}.label`)}
                </Button>
              </li>
            ))}
          </ul>
          {composer}
        </div>
      ) : (
        <>
          {!thread && <h1 className="sr-only">{t("title")}</h1>}
          <div className="min-h-0 flex-1 overflow-y-auto">
            {conversation && (
              <InProjectThread.Provider value={project}>
                <conversation.MessageList
                  messages={chat.messages}
                  busy={chat.busy}
                  demoMode={demoMode}
                  temporary={temporary}
                  documents={documents}
                  {...chat.listActions}
                />
              </InProjectThread.Provider>
            )}
          </div>
          <div className="sticky bottom-0 mx-auto w-full max-w-3xl bg-background px-4 pb-4">{composer}</div>
        </>
      )}
    </div>
  );
}
