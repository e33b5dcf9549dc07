// The note under an answer (decision 0027): "Memory used" with the memories the answer was sent, and "Memory updated: …"
// with a link to Settings › Memory when its turn saved or changed one. That second part is known only once the
// turn's extraction job has run, a moment after the answer ends: the page asks for it a few times, then stops.
// An answer whose turn held someone else's text (a document, web results, a shared chat, a photo) learnt nothing by
// itself and offers "Save to memory?": one press learns from what the person wrote, never the answer (decision 0027).
import { Brain } from "lucide-react";
import { Link } from "@remix-run/react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { callApi } from "~/lib/api-client";
import { useErrorText } from "~/lib/error-text";
import type { MemoryNote } from "~/lib/memory";
import { notify } from "~/lib/toast";
import { Button } from "~/components/ui/button";

/** Whether a note has anything to show. Kept here, its one user: the chat's first visit then loads no module for it. */
function hasMemoryNote(note: MemoryNote | undefined): note is MemoryNote {
  return Boolean(note && (note.used.length > 0 || note.updated.length > 0 || note.offer));
}

/** When the page asks again for a pending note (ms after the answer ended); the job usually ends within a second or two. */
const FOLLOW_AFTER_MS = [1_000, 2_000, 4_000, 8_000];

export function followMemoryNote(messageId: string, onNote: (note: MemoryNote) => void) {
  void (async () => {
    for (const wait of FOLLOW_AFTER_MS) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      const answer = await callApi<{ note: MemoryNote }>(`/api/memory/notes/${encodeURIComponent(messageId)}`);
      if (!answer.ok) return;
      if (!answer.data.note.pending) return onNote(answer.data.note);
    }
  })();
}

export function MemoryNoteView({ note: given, messageId }: { note: MemoryNote | undefined; messageId: string }) {
  const { t } = useTranslation("chat");
  const hint = useId();
  const errorText = useErrorText();
  /** The note as "Save to memory?" left it (pending, then what its job saved), over the one the answer came with. */
  const [saved, setSaved] = useState<MemoryNote | null>(null);
  const [busy, setBusy] = useState(false);
  const note = saved ?? given;
  if (!hasMemoryNote(note) && !saved) return null;

  async function save() {
    setBusy(true);
    const body = new FormData();
    body.set("intent", "save");
    const answer = await callApi<{ note: MemoryNote }>(`/api/memory/notes/${encodeURIComponent(messageId)}`, { method: "POST", body });
    setBusy(false);
    if (!answer.ok) return notify("error", answer.error.message || errorText(answer.error.code));
    setSaved(answer.data.note);
    followMemoryNote(messageId, setSaved);
  }

  return (
    <div className="flex flex-col gap-1 text-xs text-muted-foreground" data-testid="memory-note">
      {note && note.used.length > 0 && (
        <details>
          <summary className="inline-flex cursor-pointer items-center gap-1">
            <Brain className="size-3.5" aria-hidden />
            {t("memory.used")}
          </summary>
          <p className="mt-1">{t("memory.usedList")}</p>
          <ul className="ml-4 list-disc">
            {note.used.map((memory) => (
              <li key={memory.id}>{memory.text}</li>
            ))}
          </ul>
        </details>
      )}
      {note?.offer && (
        <p className="inline-flex flex-wrap items-center gap-x-2">
          <Button
            type="button"
            onClick={() => void save()}
            disabled={busy}
            aria-describedby={hint}
            variant="ghost"
            size="none"
            className="gap-1 rounded px-1.5 py-1 hover:text-foreground"
          >
            <Brain className="size-3.5" aria-hidden />
            {t("memory.offer")}
          </Button>
          <span id={hint}>{t("memory.offerHint")}</span>
        </p>
      )}
      {saved && (saved.pending || saved.updated.length === 0) && <p role="status">{saved.pending ? t("memory.saving") : t("memory.nothingSaved")}</p>}
      {note && note.updated.length > 0 && (
        <p role="status">
          <Link to="/settings/memory" className="underline">
            {t("memory.updated", { list: note.updated.map((memory) => memory.text).join("; ") })}
          </Link>
        </p>
      )}
    </div>
  );
}
