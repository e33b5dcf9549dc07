import type { ReactNode } from "react";

export function PageHeader({ title, description, icon, actions }: { title: string; description?: string; icon?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-start justify-between gap-3 border-b px-4 py-5 md:px-8">
      <div className="flex items-start gap-3">
        {icon && <span className="mt-1 inline-flex size-9 items-center justify-center rounded-lg bg-accent text-primary">{icon}</span>}
        <div>
          <h1 className="text-xl font-semibold md:text-2xl">{title}</h1>
          {description && <p className="mt-1 max-w-2xl text-sm text-muted-foreground">{description}</p>}
        </div>
      </div>
      {actions}
    </header>
  );
}
