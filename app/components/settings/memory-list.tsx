// Settings › Memory's list (decision 0027): every saved memory, newest first, each editable and deletable in place, and
// "Delete all" behind a confirmation. Each change goes to /api/memory and the page's data is read again.
import { Pencil, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { MEMORY_TEXT_MAX } from "~/lib/memory";
import { notify } from "~/lib/toast";
import { useActionFailureToast, useApiAction } from "~/lib/use-api-action";
import { Field, fieldClass } from "../ui/field";
import { Button } from "~/components/ui/button";
import { TitledSection } from "~/components/ui/titled-section";

export interface MemoryItem {
  id: string;
  text: string;
  learned: boolean;
}

function MemoryRow({ memory }: { memory: MemoryItem }) {
  const { t } = useTranslation("settings");
  const edit = useApiAction();
  const remove = useApiAction();
  const toastFailure = useActionFailureToast();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(memory.text);
  const action = `/api/memory/${encodeURIComponent(memory.id)}`;
  const error = edit.data && !edit.data.ok ? edit.data.error.fieldErrors?.text : undefined;

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void edit.submit(action, new FormData(event.currentTarget)).then((result) => {
      if (result.ok) {
        setEditing(false);
        notify("success", t("memory.savedMemory"));
      } else toastFailure(result);
    });
  };
  const del = () => {
    const body = new FormData();
    body.set("intent", "delete");
    void remove.submit(action, body).then((result) => (result.ok ? notify("success", t("memory.deleted")) : toastFailure(result)));
  };

  return (
    <li className="flex flex-col gap-2 p-3" data-testid="memory-item">
      {editing ? (
        <form method="post" action={action} onSubmit={save} noValidate className="flex flex-col gap-2">
          <input type="hidden" name="intent" value="edit" />
          <Field label={t("memory.editLabel")} error={error} hint={t("memory.characters", { count: draft.length, max: MEMORY_TEXT_MAX })}>
            {(wiring) => <input {...wiring} name="text" value={draft} onChange={(event) => setDraft(event.target.value)} autoFocus className={fieldClass} />}
          </Field>
          <div className="flex gap-2">
            <Button type="submit" disabled={edit.state !== "idle"} variant="primary" size="sm">
              {t("memory.save")}
            </Button>
            <Button
              type="button"
              onClick={() => {
                setEditing(false);
                setDraft(memory.text);
              }}
              variant="outline"
              size="sm"
            >
              {t("memory.cancel")}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <p className="wrap-anywhere">{memory.text}</p>
            <p className="text-xs text-muted-foreground">{t(memory.learned ? "memory.learnedFrom" : "memory.writtenByYou")}</p>
          </div>
          <Button type="button" onClick={() => setEditing(true)} variant="outline" size="sm" aria-label={`${t("memory.edit")}: ${memory.text}`}>
            <Pencil className="size-4" aria-hidden />
            {t("memory.edit")}
          </Button>
          <Button
            type="button"
            onClick={del}
            disabled={remove.state !== "idle"}
            variant="danger-outline"
            size="sm"
            aria-label={t("memory.deleteLabel", { text: memory.text })}
          >
            <Trash2 className="size-4" aria-hidden />
            {t("memory.delete")}
          </Button>
        </div>
      )}
    </li>
  );
}

function DeleteAll({ count }: { count: number }) {
  const { t } = useTranslation("settings");
  const remove = useApiAction();
  const toastFailure = useActionFailureToast();
  const [confirming, setConfirming] = useState(false);
  const confirm = () => {
    const body = new FormData();
    body.set("intent", "delete-all");
    void remove.submit("/api/memory", body).then((result) => {
      setConfirming(false);
      if (result.ok) notify("success", t("memory.deletedAll"));
      else toastFailure(result);
    });
  };
  if (!confirming) {
    return (
      <Button type="button" onClick={() => setConfirming(true)} variant="danger-outline" size="sm" className="self-start">
        {t("memory.deleteAll")}
      </Button>
    );
  }
  return (
    <div className="flex flex-col items-start gap-2 rounded-lg border border-danger/40 bg-danger/5 p-3" aria-live="polite">
      <p className="text-sm">{t("memory.deleteAllConfirm", { count })}</p>
      <div className="flex gap-2">
        <Button type="button" onClick={confirm} disabled={remove.state !== "idle"} variant="danger" size="sm">
          {t("memory.deleteAllYes")}
        </Button>
        <Button type="button" onClick={() => setConfirming(false)} variant="outline" size="sm" className="bg-background">
          {t("memory.cancel")}
        </Button>
      </div>
    </div>
  );
}

export function MemoryList({ memories }: { memories: MemoryItem[] }) {
  const { t } = useTranslation("settings");
  return (
    <TitledSection id="memory-list-title" title={t("memory.listTitle")} level={3} className="flex flex-col gap-3">
      {memories.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("memory.empty")}</p>
      ) : (
        <>
          <ul className="flex flex-col divide-y rounded-lg border" aria-labelledby="memory-list-title">
            {memories.map((memory) => (
              <MemoryRow key={`${memory.id}:${memory.text}`} memory={memory} />
            ))}
          </ul>
          <DeleteAll count={memories.length} />
        </>
      )}
    </TitledSection>
  );
}
