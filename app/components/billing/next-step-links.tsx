import { Link } from "@remix-run/react";

/** Where a new Pro member goes next (docs/product.md §2): start chatting, or see the plan; the success screen and dialog. */
export function NextStepLinks({ start, manage, className, onNavigate }: { start: string; manage: string; className: string; onNavigate?: () => void }) {
  return (
    <div className={className}>
      <Link to="/web-main" onClick={onNavigate} className="rounded-lg bg-primary px-4 py-2.5 text-sm font-medium text-primary-foreground">
        {start}
      </Link>
      <Link to="/settings/my-plan" onClick={onNavigate} className="rounded-lg border px-4 py-2.5 text-sm font-medium hover:bg-muted">
        {manage}
      </Link>
    </div>
  );
}
