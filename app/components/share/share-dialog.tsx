import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { callApi } from "~/lib/api-client";
import { useErrorText } from "~/lib/error-text";
import { notify } from "~/lib/toast";
import { useActionFailureToast, useApiAction } from "~/lib/use-api-action";
import { CopyButton } from "../chat/copy-button";
import { CenteredDialog } from "../ui/centered-dialog";
import { Button } from "~/components/ui/button";
import type { ThreadDialogProps } from "~/components/chat/thread-dialog";

interface ShareView {
  id: string;
  url: string;
  showName: boolean;
  createdAt: number;
  updatedAt: number;
}

type Loaded = { state: "loading" } | { state: "ready"; share: ShareView | null } | { state: "failed"; message: string };

/** The thread's current link, read when the dialog opens (so it says "Update link" for a thread already shared). */
function useThreadShare(threadId: string, open: boolean) {
  const errorText = useErrorText();
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setLoaded({ state: "loading" });
    callApi<{ share: ShareView | null }>(`/api/threads/${threadId}/share`, { signal: controller.signal })
      .then((answer) =>
        setLoaded(
          answer.ok ? { state: "ready", share: answer.data.share } : { state: "failed", message: answer.error.message || errorText(answer.error.code) },
        ),
      )
      // Aborted: the dialog closed or moved to another thread.
      .catch(() => undefined);
    return () => controller.abort();
  }, [threadId, open, errorText]);
  return [loaded, setLoaded] as const;
}

/**
 * Share a chat (decision 0015): makes a read-only public link to a snapshot of the thread as it is now, or takes a new
 * snapshot under the same link ("Update link"). The owner's name is shown only when "Show my name" is ticked.
 */
export default function ShareDialog({ open, onOpenChange, thread }: ThreadDialogProps) {
  const { t } = useTranslation("share");
  const [loaded, setLoaded] = useThreadShare(thread.id, open);
  const save = useApiAction<{ share: ShareView }>();
  const toastFailure = useActionFailureToast();
  const linkId = useId();
  const share = loaded.state === "ready" ? loaded.share : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const updating = Boolean(share);
    void save.submit(event.currentTarget.getAttribute("action") ?? "", new FormData(event.currentTarget)).then((result) => {
      if (!result.ok) return toastFailure(result);
      setLoaded({ state: "ready", share: result.share });
      notify("success", updating ? t("dialog.updated") : t("dialog.created"));
    });
  };

  return (
    <CenteredDialog open={open} onOpenChange={onOpenChange}>
      <Dialog.Title className="pr-8 text-lg font-semibold">{t("dialog.title")}</Dialog.Title>
      <Dialog.Description className="mt-1 text-sm text-muted-foreground">{t("dialog.description", { title: thread.title })}</Dialog.Description>
      {loaded.state === "loading" && (
        <p className="mt-4 text-sm text-muted-foreground" role="status">
          {t("common:loading")}
        </p>
      )}
      {loaded.state === "failed" && (
        <p className="mt-4 rounded-md border border-danger/40 px-3 py-2 text-sm text-danger" role="alert">
          {loaded.message}
        </p>
      )}
      {loaded.state === "ready" && (
        <form method="post" action={`/api/threads/${thread.id}/share`} onSubmit={submit} className="mt-4 flex flex-col gap-4">
          <input type="hidden" name="intent" value="share" />
          <label className="flex items-start gap-2 text-sm">
            <input key={share?.id ?? "new"} type="checkbox" name="showName" defaultChecked={share?.showName ?? false} className="mt-0.5 size-4" />
            <span>
              {t("dialog.showName")}
              <span className="block text-xs text-muted-foreground">{t("dialog.showNameHint")}</span>
            </span>
          </label>
          {share && (
            <div className="flex flex-col gap-1">
              <label htmlFor={linkId} className="text-sm font-medium">
                {t("dialog.link")}
              </label>
              <div className="flex items-center gap-2">
                <input
                  id={linkId}
                  readOnly
                  value={share.url}
                  onFocus={(event) => event.currentTarget.select()}
                  className="min-w-0 flex-1 rounded-md border bg-background px-2 py-1.5 text-sm"
                />
                <CopyButton text={share.url} label={t("dialog.copy")} />
              </div>
              <p className="text-xs text-muted-foreground">{t("dialog.snapshotHint")}</p>
            </div>
          )}
          <div className="flex justify-end gap-2">
            <Dialog.Close className="rounded-md border px-3 py-1.5 text-sm">{t("common:close")}</Dialog.Close>
            <Button type="submit" disabled={save.state !== "idle"} variant="primary" size="sm">
              {share ? t("dialog.update") : t("dialog.create")}
            </Button>
          </div>
        </form>
      )}
    </CenteredDialog>
  );
}
