import * as Dialog from "@radix-ui/react-dialog";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useActionFailureToast, useApiAction } from "~/lib/use-api-action";
import { Button } from "~/components/ui/button";
import type { ThreadDialogProps } from "./thread-dialog";

/** Confirms deleting a thread; `onDeleted` runs once the server has removed it. */
export default function DeleteThreadDialog({ open, onOpenChange, thread, onDeleted }: ThreadDialogProps & { onDeleted: () => void }) {
  const { t } = useTranslation("chat");
  const remove = useApiAction();
  const toastFailure = useActionFailureToast();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void remove.submit(event.currentTarget.getAttribute("action") ?? "", new FormData(event.currentTarget)).then((result) => {
      if (result.ok) onDeleted();
      else toastFailure(result);
    });
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,24rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl border bg-card p-5 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">{t("thread.deleteTitle")}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted-foreground">{t("thread.deleteBody", { title: thread.title })}</Dialog.Description>
          <form method="post" action={`/api/threads/${thread.id}`} onSubmit={submit} className="mt-4 flex justify-end gap-2">
            <input type="hidden" name="intent" value="delete" />
            <Dialog.Close className="rounded-md border px-3 py-1.5 text-sm">{t("actions.cancel")}</Dialog.Close>
            <Button type="submit" disabled={remove.state !== "idle"} variant="danger" size="sm">
              {t("thread.delete")}
            </Button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
