// Settings › Account "Import from ChatGPT" (decision 0040-import-chatgpt): choose ChatGPT's export (its ZIP or
// conversations.json), which is checked as it is sent, then watch the account's object write it as chats.
import { Upload } from "lucide-react";
import { useRef, useState, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { callApi } from "~/lib/api-client";
import { formatBytes } from "~/lib/bytes";
import type { ChatImportView } from "~/lib/schemas/imports";
import { notify } from "~/lib/toast";
import { useActionFailureToast } from "~/lib/use-api-action";
import { usePolledView } from "~/lib/use-polled-view";

/** How often the page asks how far the import has got (a batch of 50 conversations takes about this long). */
const POLL_MS = 1000;
const ENDPOINT = "/api/imports/chatgpt";

const isRunning = (view: ChatImportView | null) => view?.status === "running";
const importOf = (answer: { import?: ChatImportView | null }) => answer.import ?? null;

function ImportState({ view }: { view: ChatImportView }) {
  const { t, i18n } = useTranslation("settings");
  if (view.status === "running") {
    const percent = view.total > 0 ? Math.round((view.done / view.total) * 100) : 0;
    return (
      <div className="flex max-w-md flex-col gap-2" role="status">
        <p className="text-sm">{t("account.chatgptImport.running", { done: view.done, total: view.total })}</p>
        <div
          role="progressbar"
          aria-label={t("account.chatgptImport.progressLabel")}
          aria-valuemin={0}
          aria-valuemax={view.total}
          aria-valuenow={view.done}
          className="h-2 w-full overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      </div>
    );
  }
  if (view.status === "done") {
    return (
      <p className="text-sm" role="status">
        {t("account.chatgptImport.done", { imported: view.imported, skipped: view.skipped })}
      </p>
    );
  }
  const reason = t(`errors:${view.errorCode ?? "import/failed"}`, { quota: view.quotaBytes ? formatBytes(view.quotaBytes, i18n.language) : "" });
  return (
    <p className="text-sm text-danger" role="status">
      {t("account.chatgptImport.failed", { done: view.done, total: view.total, reason })}
    </p>
  );
}

/** The section's body: the import's state and, unless one is running, the button that picks the export. */
export function ChatgptImport({ latest }: { latest: ChatImportView | null }) {
  const { t } = useTranslation("settings");
  const [view, setView] = usePolledView(latest, { endpoint: ENDPOINT, everyMs: POLL_MS, isActive: isRunning, pick: importOf });
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const toastFailure = useActionFailureToast();

  const send = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = "";
    if (!file) return;
    setSending(true);
    const answer = await callApi<{ import: ChatImportView }>(ENDPOINT, {
      method: "POST",
      body: file,
      headers: { "Content-Type": file.type || "application/octet-stream" },
    });
    setSending(false);
    if (!answer.ok) return toastFailure(answer);
    setView(answer.data.import);
    notify("success", t("account.chatgptImport.started"));
  };

  return (
    <div className="flex flex-col gap-3">
      {view && <ImportState view={view} />}
      {view?.status !== "running" && (
        <div>
          <input
            ref={input}
            type="file"
            accept=".zip,.json,application/zip,application/json"
            className="sr-only"
            tabIndex={-1}
            // The button below is the one control people and screen readers meet; it opens this picker.
            aria-hidden
            onChange={(event) => void send(event)}
          />
          <Button type="button" variant="secondary" size="md" disabled={sending} aria-busy={sending} onClick={() => input.current?.click()}>
            <Upload className="size-4" aria-hidden />
            {sending ? t("account.chatgptImport.sending") : t("account.chatgptImport.button")}
          </Button>
        </div>
      )}
    </div>
  );
}
