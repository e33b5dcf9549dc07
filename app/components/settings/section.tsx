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
