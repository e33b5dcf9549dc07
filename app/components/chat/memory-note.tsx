// The note under an answer (issue 33): "Memory used" with the memories the answer was sent, and "Memory updated: …"
// with a link to Settings › Memory when its turn saved or changed one. That second part is known only once the
// turn's extraction job has run, a moment after the answer ends: the page asks for it a few times, then stops.
import { Brain } from "lucide-react";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { callApi } from "~/lib/api-client";
import { hasMemoryNote, type MemoryNote } from "~/lib/memory";

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

export function MemoryNoteView({ note }: { note: MemoryNote | undefined }) {
  const { t } = useTranslation("chat");
  if (!hasMemoryNote(note)) return null;
  return (
    <div className="flex flex-col gap-1 text-xs text-muted-foreground" data-testid="memory-note">
      {note.used.length > 0 && (
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
      {note.updated.length > 0 && (
        <p role="status">
          <Link to="/settings/memory" className="underline">
            {t("memory.updated", { list: note.updated.map((memory) => memory.text).join("; ") })}
          </Link>
        </p>
      )}
    </div>
  );
}
