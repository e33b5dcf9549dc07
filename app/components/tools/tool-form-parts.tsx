// Pieces every tool form shows the same way (the image tools, horoscope and web search): its send button and the notes
// under it.
import { Info, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";

/** The form's send button: the tool's icon and its label ("Starting…" while a turn starts, which the form words). */
export function ToolSubmitButton({ icon: Icon, disabled, children }: { icon: LucideIcon; disabled: boolean; children: ReactNode }) {
  return (
    <Button type="submit" disabled={disabled} variant="primary" size="lg">
      <Icon className="size-4" aria-hidden />
      {children}
    </Button>
  );
}

const NOTE_TONES = {
  muted: "text-muted-foreground",
  warning: "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100",
};

/** A short note beside a tool form: amber for demo mode or a tool that cannot answer here, muted otherwise. */
export function ToolNote({
  icon: Icon = Info,
  tone = "warning",
  alert = false,
  children,
}: {
  icon?: LucideIcon;
  tone?: keyof typeof NOTE_TONES;
  /** Announced as it appears (the tool is unavailable). */
  alert?: boolean;
  children: ReactNode;
}) {
  return (
    <p role={alert ? "alert" : undefined} className={`flex gap-2 rounded-md border px-3 py-2 text-xs ${NOTE_TONES[tone]}`}>
      <Icon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
      {children}
    </p>
  );
}
