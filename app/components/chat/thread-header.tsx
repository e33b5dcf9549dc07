import * as Dialog from "@radix-ui/react-dialog";
import { useFetcher, useNavigate } from "@remix-run/react";
import { Pencil, Star, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { CHAT_TITLE_MAX } from "~/lib/constants";

interface ThreadActionResult {
  ok: boolean;
  fieldErrors: { title?: string[] } | null;
  error?: { code: string };
}

/** Title of the open thread with rename (SPEC §5: at most 50 characters), star and delete. */
export function ThreadHeader({ thread }: { thread: { id: string; title: string; starred: boolean } }) {
  const { t } = useTranslation("chat");
  const navigate = useNavigate();
  const rename = useFetcher<ThreadActionResult>();
  const star = useFetcher<ThreadActionResult>();
  const remove = useFetcher<ThreadActionResult>();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const action = `/api/threads/${thread.id}`;
  const starred = star.formData ? star.formData.get("starred") === "true" : thread.starred;
  const titleError = rename.data?.fieldErrors?.title?.[0];

  useEffect(() => {
    if (rename.state === "idle" && rename.data?.ok) setEditing(false);
  }, [rename.state, rename.data]);
  useEffect(() => {
    if (remove.state === "idle" && remove.data?.ok) {
      toast.success(t("thread.deleted"));
      navigate("/web-main", { replace: true });
    }
  }, [remove.state, remove.data, navigate, t]);

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
                {t(`common:${titleError}`)}
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
          <Dialog.Root open={confirming} onOpenChange={setConfirming}>
            <Dialog.Trigger className="rounded p-1.5 hover:bg-muted" aria-label={t("thread.delete")}>
              <Trash2 className="size-4" aria-hidden />
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
              <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,24rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl border bg-card p-5 shadow-xl">
                <Dialog.Title className="text-lg font-semibold">{t("thread.deleteTitle")}</Dialog.Title>
                <Dialog.Description className="mt-1 text-sm text-muted-foreground">{t("thread.deleteBody", { title: thread.title })}</Dialog.Description>
                <remove.Form method="post" action={action} className="mt-4 flex justify-end gap-2">
                  <input type="hidden" name="intent" value="delete" />
                  <Dialog.Close className="rounded-md border px-3 py-1.5 text-sm">{t("actions.cancel")}</Dialog.Close>
                  <button type="submit" className="rounded-md bg-danger px-3 py-1.5 text-sm text-white">
                    {t("thread.delete")}
                  </button>
                </remove.Form>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        </>
      )}
    </div>
  );
}
