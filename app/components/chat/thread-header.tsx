import { useFetcher, useNavigate } from "@remix-run/react";
import { Pencil, Star, Trash2 } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "~/lib/toast";
import { CHAT_TITLE_MAX } from "~/lib/constants";
import { lazyOverlay } from "../ui/lazy-overlay";

const DeleteThreadDialog = lazyOverlay(() => import("./delete-thread-dialog"));

interface ThreadActionResult {
  ok: boolean;
  /** DESIGN's error shape; field errors are already in the person's language. */
  error?: { code: string; message: string; fieldErrors?: { title?: string } };
}

/** Title of the open thread with rename (SPEC §5: at most 50 characters), star and delete. */
export function ThreadHeader({ thread, homePath = "/web-main" }: { thread: { id: string; title: string; starred: boolean }; homePath?: string }) {
  const { t } = useTranslation("chat");
  const navigate = useNavigate();
  const rename = useFetcher<ThreadActionResult>();
  const star = useFetcher<ThreadActionResult>();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const action = `/api/threads/${thread.id}`;
  const starred = star.formData ? star.formData.get("starred") === "true" : thread.starred;
  const titleError = rename.data?.error?.fieldErrors?.title;

  useEffect(() => {
    if (rename.state === "idle" && rename.data?.ok) setEditing(false);
  }, [rename.state, rename.data]);
  const onDeleted = useCallback(() => {
    notify("success", t("thread.deleted"));
    navigate(homePath, { replace: true });
  }, [homePath, navigate, t]);

  return (
    <div className="flex items-center gap-2 border-b px-4 py-2">
      {editing ? (
        <rename.Form method="post" action={action} className="flex flex-1 flex-wrap items-start gap-2" noValidate>
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
          <button type="submit" className="rounded-md bg-primary px-3 py-1 text-sm text-primary-foreground">
            {t("actions.save")}
          </button>
          <button type="button" onClick={() => setEditing(false)} className="rounded-md border px-3 py-1 text-sm">
            {t("actions.cancel")}
          </button>
        </rename.Form>
      ) : (
        <>
          <h1 className="min-w-0 flex-1 truncate text-base font-semibold">{thread.title}</h1>
          <button type="button" onClick={() => setEditing(true)} className="rounded p-1.5 hover:bg-muted" aria-label={t("thread.rename")}>
            <Pencil className="size-4" aria-hidden />
          </button>
          <star.Form method="post" action={action}>
            <input type="hidden" name="intent" value="star" />
            <input type="hidden" name="starred" value={String(!starred)} />
            <button type="submit" className="rounded p-1.5 hover:bg-muted" aria-label={starred ? t("thread.unstar") : t("thread.star")} aria-pressed={starred}>
              <Star className={`size-4 ${starred ? "fill-amber-400 text-amber-500" : ""}`} aria-hidden />
            </button>
          </star.Form>
          <button type="button" onClick={() => setConfirming(true)} className="rounded p-1.5 hover:bg-muted" aria-label={t("thread.delete")} aria-haspopup="dialog">
            <Trash2 className="size-4" aria-hidden />
          </button>
          <DeleteThreadDialog open={confirming} onOpenChange={setConfirming} thread={thread} onDeleted={onDeleted} />
        </>
      )}
    </div>
  );
}
