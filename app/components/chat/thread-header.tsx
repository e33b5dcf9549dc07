import { useNavigate } from "@remix-run/react";
import { Download, Pencil, Share2, Star, Trash2 } from "lucide-react";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "~/lib/toast";
import { useActionFailureToast, useApiAction } from "~/lib/use-api-action";
import { CHAT_TITLE_MAX } from "~/lib/constants";
import { openAuthDialog } from "~/lib/auth-dialog";
import { useRootData } from "~/components/root-data";
import { lazyOverlay } from "../ui/lazy-overlay";
import { ThreadMenu } from "./thread-menu";
import { Button, buttonVariants } from "~/components/ui/button";

const DeleteThreadDialog = lazyOverlay(() => import("./delete-thread-dialog"));
const ShareDialog = lazyOverlay(() => import("../share/share-dialog"), ["share"]);

/** Title of the open thread with rename (docs/product.md §5: at most 50 characters), star, share, export and delete. */
export function ThreadHeader({ thread, homePath = "/web-main" }: { thread: { id: string; title: string; starred: boolean }; homePath?: string }) {
  const { t } = useTranslation("chat");
  const navigate = useNavigate();
  const rename = useApiAction();
  const star = useApiAction();
  const toastFailure = useActionFailureToast();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [sharing, setSharing] = useState(false);
  // Links are listed under the account (Settings › Account): a visitor signs in first.
  const signedIn = Boolean(useRootData()?.user);
  const action = `/api/threads/${thread.id}`;
  // Shown at once, and kept until the revalidated thread agrees (or the server refuses).
  const [wantStarred, setWantStarred] = useState<boolean | null>(null);
  const starred = wantStarred ?? thread.starred;
  useEffect(() => setWantStarred(null), [thread.id, thread.starred]);
  const titleError = rename.data && !rename.data.ok ? rename.data.error.fieldErrors?.title : undefined;

  const submitRename = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void rename.submit(action, new FormData(event.currentTarget)).then((result) => {
      if (result.ok) setEditing(false);
      else toastFailure(result);
    });
  };
  const submitStar = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setWantStarred(!starred);
    void star.submit(action, new FormData(event.currentTarget)).then((result) => {
      if (!result.ok) {
        setWantStarred(null);
        toastFailure(result);
      }
    });
  };
  const onDeleted = useCallback(() => {
    notify("success", t("thread.deleted"));
    navigate(homePath, { replace: true });
  }, [homePath, navigate, t]);

  return (
    <div className="flex items-center gap-2 border-b px-4 py-2">
      {editing ? (
        <form method="post" action={action} onSubmit={submitRename} className="flex flex-1 flex-wrap items-start gap-2" noValidate>
          <input type="hidden" name="intent" value="rename" />
          <div className="flex min-w-0 flex-1 flex-col">
            <label htmlFor="thread-title" className="sr-only">
              {t("thread.titleLabel")}
            </label>
            <input
              id="thread-title"
              name="title"
              defaultValue={thread.title}
              maxLength={CHAT_TITLE_MAX + 20}
              autoFocus
              aria-invalid={titleError ? true : undefined}
              aria-describedby={titleError ? "thread-title-error" : undefined}
              className="rounded-md border bg-background px-2 py-1 text-sm"
            />
            {titleError && (
              <p id="thread-title-error" className="mt-1 text-xs text-danger">
                {titleError}
              </p>
            )}
          </div>
          <Button type="submit" variant="primary" size="sm">
            {t("actions.save")}
          </Button>
          <Button type="button" onClick={() => setEditing(false)} variant="outline" size="sm">
            {t("actions.cancel")}
          </Button>
        </form>
      ) : (
        <>
          <h1 className="min-w-0 flex-1 truncate text-base font-semibold">{thread.title}</h1>
          <Button type="button" onClick={() => setEditing(true)} variant="ghost" size="icon" aria-label={t("thread.rename")}>
            <Pencil className="size-4" aria-hidden />
          </Button>
          <form method="post" action={action} onSubmit={submitStar}>
            <input type="hidden" name="intent" value="star" />
            <input type="hidden" name="starred" value={String(!starred)} />
            <Button type="submit" variant="ghost" size="icon" aria-label={starred ? t("thread.unstar") : t("thread.star")} aria-pressed={starred}>
              <Star className={`size-4 ${starred ? "fill-amber-400 text-amber-500" : ""}`} aria-hidden />
            </Button>
          </form>
          <Button
            type="button"
            onClick={() => (signedIn ? setSharing(true) : openAuthDialog("sign-in"))}
            variant="ghost"
            size="none"
            className="gap-1 rounded px-1.5 py-1 text-sm"
            aria-haspopup="dialog"
          >
            <Share2 className="size-4" aria-hidden />
            <span className="sr-only sm:not-sr-only">{t("share.button")}</span>
          </Button>
          <ThreadMenu
            thread={thread}
            label={t("export.button")}
            className={buttonVariants({ variant: "ghost", size: "none", className: "gap-1 rounded px-1.5 py-1 text-sm" })}
          >
            <Download className="size-4" aria-hidden />
            <span className="sr-only sm:not-sr-only">{t("export.button")}</span>
          </ThreadMenu>
          <ShareDialog open={sharing} onOpenChange={setSharing} thread={thread} />
          <Button type="button" onClick={() => setConfirming(true)} variant="ghost" size="icon" aria-label={t("thread.delete")} aria-haspopup="dialog">
            <Trash2 className="size-4" aria-hidden />
          </Button>
          <DeleteThreadDialog open={confirming} onOpenChange={setConfirming} thread={thread} onDeleted={onDeleted} />
        </>
      )}
    </div>
  );
}
