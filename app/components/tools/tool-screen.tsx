import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ToolKey } from "~/lib/constants";
import { ToolIcon } from "../layout/tool-icon";
import { PageHeader } from "../ui/page-header";

/** A tool's header: icon, translated title and description. */
export function ToolScreenHeader({ tool }: { tool: ToolKey }) {
  const { t } = useTranslation("tools");
  return <PageHeader title={t(`${tool}.title`)} description={t(`${tool}.description`)} icon={<ToolIcon tool={tool} className="size-5" />} />;
}

/** The frame every tool screen shares: the header, then the tool itself. */
export function ToolScreen({ tool, children }: { tool: ToolKey; children?: ReactNode }) {
  return (
    <div className="flex flex-1 flex-col">
      <ToolScreenHeader tool={tool} />
      <div className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 md:px-8">{children}</div>
    </div>
  );
}
