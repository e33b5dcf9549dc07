import { EyeOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

/**
 * The new chat's header (decision 0027): "Temporary chat", a conversation that is not saved, searched, remembered or
 * shared, and is gone when the tab closes or reloads. Switching either way starts an empty chat.
 */
export function TemporaryChatSwitch({ on, disabled, onChange }: { on: boolean; disabled: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation("chat");
  return (
    <div className="flex items-center justify-end border-b px-4 py-2">
      <Button
        type="button"
        role="switch"
        aria-checked={on}
        disabled={disabled}
        onClick={() => onChange(!on)}
        variant="outline"
        size="pill"
        className={on ? "border-primary bg-accent text-primary" : "text-muted-foreground"}
      >
        <EyeOff className="size-4" aria-hidden />
        {t("memory.temporary")}
      </Button>
    </div>
  );
}
