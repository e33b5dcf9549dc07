import type { ReactNode } from "react";

/** One titled section of a settings tab; `id` names the heading the section is labelled by. */
export function Section({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 border-b py-6 first:pt-0 last:border-b-0">
      <div>
        <h3 id={id} className="font-medium">
          {title}
        </h3>
        {description && <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
    </section>
  );
}

/** A settings tab's page: the tab's title (the heading the tab panel is labelled by) and what the tab is for. */
export function SettingsTab({ title, description, className, children }: { title: string; description: string; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby="settings-tab-title" className={className}>
      <div>
        <h2 id="settings-tab-title" className="text-lg font-semibold">
          {title}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </section>
  );
}
