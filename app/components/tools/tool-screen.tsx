import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ToolKey } from "~/lib/constants";
import { ToolIcon } from "../layout/tool-icon";
import { PageHeader } from "../ui/page-header";

/** The frame every tool screen shares: icon, translated title and description, then the tool itself. */
export function ToolScreen({ tool, children }: { tool: ToolKey; children?: ReactNode }) {
  const { t } = useTranslation("tools");
  return (
    <div className="flex flex-1 flex-col">
      <PageHeader title={t(`${tool}.title`)} description={t(`${tool}.description`)} icon={<ToolIcon tool={tool} className="size-5" />} />
      <div className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 md:px-8">{children}</div>
    </div>
  );
}

export function OptionList({ label, items }: { label: string; items: { key: string; name: string }[] }) {
  return (
    <section aria-label={label} className="mb-6">
      <h2 className="mb-2 text-sm font-medium text-muted-foreground">{label}</h2>
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item.key} className="rounded-full border px-3 py-1 text-sm">
            {item.name}
          </li>
        ))}
      </ul>
    </section>
  );
}
