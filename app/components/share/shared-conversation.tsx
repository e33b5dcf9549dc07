import { Link, useNavigate } from "@remix-run/react";
import { MessageSquarePlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { SharedConversation } from "~/.server/share/public";
import { loginPath } from "~/lib/auth";
import { openAuthDialog } from "~/lib/auth-dialog";
import { useActionFailureToast, useApiAction } from "~/lib/use-api-action";
import { useRootData } from "~/components/root-data";
import { Markdown, MarkdownPreload } from "../chat/markdown";
import { DocumentPanelHost } from "../documents/document-panel-host";
import { SharedThread } from "../documents/thread-documents";
import { Button, buttonVariants } from "~/components/ui/button";

/** "Continue this chat": signed in, a copy of the conversation becomes a new chat of their own; signed out, sign in first. */
function ContinueButton({ shareId }: { shareId: string }) {
  const { t } = useTranslation(["chat", "share"]);
  const signedIn = Boolean(useRootData()?.user);
  const navigate = useNavigate();
  const copy = useApiAction<{ url: string }>();
  const toastFailure = useActionFailureToast();

  if (!signedIn) {
    const path = `/share/${shareId}`;
    return (
      <div className="flex flex-col items-center gap-2">
        <Link
          to={loginPath(path)}
          className={buttonVariants({ variant: "primary", size: "md" })}
          onClick={(event) => {
            // With scripts, the auth dialog opens over this page and leaves the visitor here once signed in.
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            openAuthDialog("sign-in");
          }}
        >
          <MessageSquarePlus className="size-4" aria-hidden />
          {t("share:page.continue")}
        </Link>
        <p className="text-xs text-muted-foreground">{t("share:page.signInToContinue")}</p>
      </div>
    );
  }

  return (
    <form
      method="post"
      action={`/api/shares/${shareId}/continue`}
      onSubmit={(event) => {
        event.preventDefault();
        void copy.submit(event.currentTarget.getAttribute("action") ?? "", new FormData(event.currentTarget)).then((result) => {
          if (result.ok) navigate(result.url);
          else toastFailure(result);
        });
      }}
    >
      <input type="hidden" name="intent" value="continue" />
      <Button type="submit" variant="primary" size="md" disabled={copy.state !== "idle"}>
        <MessageSquarePlus className="size-4" aria-hidden />
        {t("share:page.continue")}
      </Button>
    </form>
  );
}

/** A shared conversation as the chat shows it: questions as text, answers as markdown (raw HTML shown as text). */
export function SharedConversationPage({ conversation, demoMode }: { conversation: SharedConversation; demoMode: boolean }) {
  const { t, i18n } = useTranslation(["chat", "share"]);
  const firstAnswer = conversation.messages.findIndex((message) => message.role === "assistant");
  const sharedAt = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(conversation.sharedAt));
  return (
    // An answer's page citation opens the cited page through this link (citation-button.tsx).
    <SharedThread.Provider value={conversation.id}>
      <div className="flex min-h-dvh flex-col">
        <header className="flex items-center justify-between gap-4 border-b px-4 py-3">
          <Link to="/web-main" className="text-sm font-semibold">
            {t("common:brand")}
          </Link>
          <span className="text-xs text-muted-foreground">{t("share:page.readOnly")}</span>
        </header>
        <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col px-4 py-6">
          <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{t("share:page.label")}</p>
          <h1 className="mt-1 text-2xl font-semibold">{conversation.title}</h1>
          <p className="mt-1 text-sm text-muted-foreground" data-testid="share-byline">
            {conversation.ownerName
              ? t("share:page.byOwner", { name: conversation.ownerName, date: sharedAt })
              : t("share:page.byAnonymous", { date: sharedAt })}
          </p>
          <ol className="mt-6 flex flex-col gap-6" aria-label={t("conversation")}>
            {conversation.messages.map((message, index) =>
              message.role === "user" ? (
                <li key={message.position} className="flex flex-col items-end gap-1">
                  {message.attachmentId && (
                    <img src={`/media/shares/${conversation.id}/${message.attachmentId}`} alt={t("attachment")} className="max-h-48 rounded-lg border" />
                  )}
                  <div className="max-w-[85%] whitespace-pre-wrap rounded-2xl bg-accent px-4 py-2 text-[15px]">{message.content}</div>
                </li>
              ) : (
                <li key={message.position} className="flex flex-col gap-2">
                  <span className="text-xs font-medium text-muted-foreground">{demoMode ? t("demoModel") : message.model}</span>
                  <Markdown text={message.content} />
                  {/* The renderer's files, named once (a <link> may not sit in the <ol> itself). */}
                  {index === firstAnswer && <MarkdownPreload />}
                </li>
              ),
            )}
          </ol>
          <div className="mt-10 flex justify-center border-t pt-6">
            <ContinueButton shareId={conversation.id} />
          </div>
        </main>
        <DocumentPanelHost />
      </div>
    </SharedThread.Provider>
  );
}
