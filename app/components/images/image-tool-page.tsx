import { useLoaderData, useSearchParams } from "@remix-run/react";
import type { ComponentType } from "react";
import type { loadImageToolPage } from "~/.server/images/screen";
import type { JobView } from "~/lib/jobs";
import type { ImageTool } from "~/lib/image-options";
import { UpgradeDialog } from "../dialogs/upgrade-dialog";
import { ToolScreen } from "../tools/tool-screen";
import { JobList, useJobs } from "./job-list";

export type ImageToolData = ReturnType<typeof useLoaderData<typeof loadImageToolPage>>;

/** What a tool's form gets: the page's data, the settings of the job it was asked to start from, and where new jobs go. */
export interface ToolFormProps<T extends ImageTool> {
  data: ImageToolData;
  prefill: Extract<NonNullable<ImageToolData["prefill"]>, { tool: T }> | null;
  onCreated: (job: JobView) => void;
}

/**
 * The page every image tool is (its route loads it with loadImageToolPage): the tool's form beside the jobs it made.
 * Only the form differs from tool to tool.
 */
export function ImageToolPage<T extends ImageTool>({ tool, Form }: { tool: T; Form: ComponentType<ToolFormProps<T>> }) {
  const data = useLoaderData<typeof loadImageToolPage>();
  const { jobs, add } = useJobs(data.jobs);
  const [searchParams] = useSearchParams();
  // The loader only brings this tool's own settings; TypeScript cannot narrow the union by a generic tool.
  const prefill = data.prefill?.tool === tool ? (data.prefill as ToolFormProps<T>["prefill"]) : null;
  return (
    <ToolScreen tool={tool}>
      <UpgradeDialog />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
        {/* Keyed by the "use again" job (or the picture to edit), so following another such link starts the form afresh from that job. */}
        <Form
          key={searchParams.get("from") ?? searchParams.get("edit") ?? searchParams.get("editUpload") ?? "new"}
          data={data}
          prefill={prefill}
          onCreated={add}
        />
        <JobList jobs={jobs} onRetried={add} />
      </div>
    </ToolScreen>
  );
}
