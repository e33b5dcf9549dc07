import { EyeOff } from "lucide-react";
import { useTranslation } from "react-i18next";

/**
 * The new chat's header (issue 33): "Temporary chat", a conversation that is not saved, searched, remembered or
 * shared, and is gone when the tab closes or reloads. Switching either way starts an empty chat.
 */
export function TemporaryChatSwitch({ on, disabled, onChange }: { on: boolean; disabled: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation("chat");
  return (
    <div className="flex items-center justify-end border-b px-4 py-2">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        disabled={disabled}
        onClick={() => onChange(!on)}
        className={`inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm ${on ? "border-primary bg-accent text-primary" : "text-muted-foreground hover:bg-muted"}`}
      >
        <EyeOff className="size-4" aria-hidden />
        {t("memory.temporary")}
      </button>
    </div>
  );
}
