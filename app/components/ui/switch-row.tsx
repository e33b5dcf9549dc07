// A setting's on/off switch with its label (and hint): Settings › Memory's "Use and save memory" and Settings ›
// Notifications' kinds. The asked state shows at once and is kept until the revalidated page agrees, or the server
// refuses (its reason in a toast).
import { useState, type ReactNode } from "react";
import { useActionFailureToast, useApiAction } from "~/lib/use-api-action";
import { Button } from "./button";

export function SwitchRow({
  id,
  label,
  hint,
  enabled,
  action,
  bodyOf,
  onSaved,
  as: Row = "div",
  className,
  labelClassName,
}: {
  /** The label's id is `<id>-label`, the hint's `<id>-hint`: the switch is named and described by them. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** As the server has it. */
  enabled: boolean;
  /** The /api route the form is posted to, and the form that asks for `next`. */
  action: string;
  bodyOf: (next: boolean) => FormData;
  onSaved?: (next: boolean) => void;
  as?: "div" | "li";
  className?: string;
  labelClassName?: string;
}) {
  const change = useApiAction();
  const toastFailure = useActionFailureToast();
  const [wanted, setWanted] = useState<boolean | null>(null);
  const on = wanted ?? enabled;
  const flip = () => {
    const next = !on;
    setWanted(next);
    void change.submit(action, bodyOf(next)).then((result) => {
      setWanted(null);
      if (result.ok) onSaved?.(next);
      else toastFailure(result);
    });
  };
  return (
    <Row className={`flex justify-between gap-4 ${className ?? ""}`}>
      <div>
        <p id={`${id}-label`} className={labelClassName}>
          {label}
        </p>
        {hint && (
          <p id={`${id}-hint`} className="mt-1 text-sm text-muted-foreground">
            {hint}
          </p>
        )}
      </div>
      <Button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={`${id}-label`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onClick={flip}
        disabled={change.state !== "idle"}
        variant="unstyled"
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors ${on ? "bg-primary" : "bg-muted-foreground/40"}`}
      >
        <span className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${on ? "translate-x-5" : "translate-x-0.5"}`} aria-hidden />
      </Button>
    </Row>
  );
}
