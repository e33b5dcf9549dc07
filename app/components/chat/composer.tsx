import { SendHorizontal } from "lucide-react";
import { useId, type FormEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";

interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit?: (text: string) => void;
  busy?: boolean;
}

/** Message box: Enter sends, Shift+Enter adds a line. */
export function Composer({ value, onChange, onSubmit, busy = false }: ComposerProps) {
  const { t } = useTranslation("chat");
  const id = useId();
  const canSend = value.trim().length > 0 && !busy && Boolean(onSubmit);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    onSubmit?.(value.trim());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={submit} className="rounded-2xl border bg-card p-2 shadow-sm">
      <label htmlFor={id} className="sr-only">
        {t("composer.label")}
      </label>
      <textarea
        id={id}
        name="message"
        rows={3}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t("composer.placeholder")}
        className="w-full resize-none bg-transparent px-2 py-1 text-base outline-none"
      />
      <div className="flex items-center justify-between gap-2 px-1">
        <span className="text-xs text-muted-foreground">{t("composer.hint")}</span>
        <button
          type="submit"
          disabled={!canSend}
          className="inline-flex items-center gap-1.5 rounded-lg bg-primary px-3 py-1.5 text-sm font-medium text-primary-foreground disabled:opacity-40"
        >
          <SendHorizontal className="size-4" aria-hidden />
          {t("composer.send")}
        </button>
      </div>
    </form>
  );
}
