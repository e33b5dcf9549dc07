import { useFetcher } from "@remix-run/react";
import * as Dialog from "@radix-ui/react-dialog";
import { Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert, SubmitButton } from "~/components/auth/fields";
import { useActionToast, type AccountActionData } from "./account-action";
import { useRecentSignIn, type ConfirmingAccount } from "./confirm-identity";
import { Button } from "~/components/ui/button";

/**
 * A destructive change behind a button: a dialog says what will be lost, and only its confirm button posts `intent`.
 * Its words are the settings' `<copy>.<trigger>` (the button), `<copy>.confirmTitle`, `.confirmBody` and `.confirm`.
 */
export function ConfirmAction({
  copy,
  trigger: triggerKey,
  intent,
  account,
}: {
  copy: "account.chats" | "account.delete";
  trigger: "deleteAll" | "button";
  intent: string;
  /** For a change that needs a recent sign-in: the account "Confirm it's you" asks about. */
  account?: ConfirmingAccount;
}) {
  const { t } = useTranslation("settings");
  const [trigger, title, body, confirm] = [triggerKey, "confirmTitle", "confirmBody", "confirm"].map((key) => t(`${copy}.${key}`));
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<AccountActionData>();
  useActionToast(fetcher.data);
  const { dialog } = useRecentSignIn(fetcher, account);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) setOpen(false);
  }, [fetcher.state, fetcher.data]);
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error.code : undefined;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button type="button" variant="danger-outline" size="md" className="w-fit font-medium">
          <Trash2 className="size-4" aria-hidden />
          {trigger}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          role="alertdialog"
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border bg-card p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted-foreground">{body}</Dialog.Description>
          {error && (
            <div className="mt-4">
              <FormAlert code={error} />
            </div>
          )}
          <fetcher.Form method="post" className="mt-6 flex justify-end gap-2">
            <input type="hidden" name="intent" value={intent} />
            <Dialog.Close asChild>
              <Button type="button" variant="outline" size="md">
                {t("account.cancel")}
              </Button>
            </Dialog.Close>
            <SubmitButton busy={fetcher.state !== "idle"} variant="danger">
              {confirm}
            </SubmitButton>
          </fetcher.Form>
          {dialog}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
