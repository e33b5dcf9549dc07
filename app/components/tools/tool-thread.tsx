// A tool that answers like the chat (horoscope, web search): its form starts a thread, the answer streams in the
// same message list as the chat's, and the thread continues with follow-up questions. Reuses the chat's pieces.
import { Link } from "@remix-run/react";
import { Plus } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { NETWORK_FAILED } from "~/lib/api-client";
import { useOfferSendAgain } from "~/lib/connection";
import type { CreditAction } from "~/lib/constants";
import { Composer } from "../chat/composer";
import { CreditsLine } from "../chat/credits-line";
import { MessageList } from "../chat/message-list";
import { ThreadHeader } from "../chat/thread-header";
import { useChat, type ChatMessage, type ChatTool } from "../chat/use-chat";
import { UpgradeDialog } from "../dialogs/upgrade-dialog";

/** What a tool's thread page loads (app/.server/chat/tool-screen.ts `loadToolThread`). */
export interface ToolThreadScreen {
  thread: { id: string; title: string; starred: boolean } | null;
  messages: ChatMessage[];
  missingThread: boolean;
  demoMode: boolean;
}

export interface ToolThreadProps {
  screen: ToolThreadScreen;
  tool: ChatTool;
  model: string;
  action: CreditAction;
  /** The tool's start page (a new reading or search). */
  homePath: string;
  labels: { newThread: string; followUpHint: string };
  /** The tool's form; `send(input, display)` starts the thread (display stands in for the question until saved). */
  form: (send: (input: Record<string, string>, display: string) => void, busy: boolean) => ReactNode;
  /** Shown beside the conversation or form (the horoscope's sky facts). */
  aside?: ReactNode;
  /** Shown above the form and the conversation alike (the birth chart stays while its reading goes on). */
  lead?: ReactNode;
  /** Above the form: model and notes. */
  notice?: ReactNode;
}

export function ToolThread({ screen, tool, model, action, homePath, labels, form, aside, notice, lead }: ToolThreadProps) {
  const { thread, messages, missingThread, demoMode } = screen;
  const { t } = useTranslation("chat");
  const chat = useChat({ threadId: thread?.id ?? null, initialMessages: messages, model, tool });
  const [draft, setDraft] = useState("");
  const conversation = chat.messages.length > 0;
  const offerSendAgain = useOfferSendAgain();

  // A refused or unsent turn leaves the form filled in (it stays mounted) or its question back in the box; one that
  // never reached the server (offline) is offered again once the connection is back.
  const start = async (input: Record<string, string>, display: string) => {
    const result = await chat.sendForm(input, display);
    if (!result.ok && result.code === NETWORK_FAILED) offerSendAgain(() => void start(input, display));
  };
  const followUp = async (text: string) => {
    setDraft("");
    const result = await chat.send(text);
    if (result.ok) return;
    setDraft(text);
    if (result.code === NETWORK_FAILED) offerSendAgain(() => void followUp(text));
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <UpgradeDialog />
      {thread && <ThreadHeader thread={thread} homePath={homePath} />}
      <div className="mx-auto grid w-full max-w-6xl flex-1 gap-6 px-4 py-6 md:px-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="flex min-w-0 flex-col gap-4">
          {lead}
          {missingThread && (
            <p role="status" className="rounded-md border px-4 py-2 text-sm text-muted-foreground">
              {t("errors:chat/not-found")}
            </p>
          )}
          {!thread && (
            // Kept mounted while the first answer starts, so a refusal (no credits, a field the server rejects)
            // brings the form back as it was filled in.
            <div hidden={conversation} className="flex flex-col gap-4">
              {notice}
              {form((input, display) => void start(input, display), chat.busy)}
            </div>
          )}
          {conversation && (
            <>
              <MessageList messages={chat.messages} busy={chat.busy} demoMode={demoMode} {...chat.listActions} />
              {thread && (
                <div className="sticky bottom-0 flex flex-col gap-2 bg-background pb-2">
                  <p className="text-xs text-muted-foreground">{labels.followUpHint}</p>
                  <Composer
                    value={draft}
                    onChange={setDraft}
                    busy={chat.busy}
                    onStop={() => void chat.stop()}
                    onSubmit={(text) => void followUp(text)}
                    toolbar={
                      <Link to={homePath} className="inline-flex items-center gap-1 rounded-md border px-2.5 py-1.5 text-sm hover:bg-muted">
                        <Plus className="size-4" aria-hidden />
                        {labels.newThread}
                      </Link>
                    }
                    footer={<CreditsLine action={action} />}
                  />
                </div>
              )}
            </>
          )}
        </div>
        {/* Not an <aside>: the sidebar is the page's complementary landmark; this panel is a labelled section. */}
        {aside && <div>{aside}</div>}
      </div>
    </div>
  );
}
