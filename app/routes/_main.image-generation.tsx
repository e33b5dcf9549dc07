import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { useId, useState } from "react";
import { pageTitle } from "~/.server/page";
import { loadToolScreen } from "~/.server/images/screen";
import { UpgradeDialog } from "~/components/dialogs/upgrade-dialog";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { ChoiceGroup } from "~/components/images/choice-group";
import { JobList, useJobs } from "~/components/images/job-list";
import { FieldError, inputClass, ModelRow, ToolFormFrame, useCreate, useToolChoice } from "~/components/images/tool-form";
import { useImageStrings } from "~/components/images/use-image-strings";
import { ToolScreen } from "~/components/tools/tool-screen";
import { titleMeta } from "~/lib/meta";
import { ASPECT_RATIO_NAMES, ASPECT_RATIOS, IMAGE_STYLES, PROMPT_MAX, type AspectRatio, type ImageStyle } from "~/lib/schemas/images";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [screen, title] = await Promise.all([loadToolScreen(request, context, "image-generation"), pageTitle(request, "tools", "image-generation.title")]);
  return { ...screen, title };
}

export const meta = titleMeta;

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

function ImageForm({ data, onCreated }: { data: Data; onCreated: Parameters<typeof useCreate>[2] }) {
  const { t } = useImageStrings(data.strings);
  const id = useId();
  const prefill = data.prefill?.tool === "image-generation" ? data.prefill : null;
  const [prompt, setPrompt] = useState(prefill?.prompt ?? "");
  const [style, setStyle] = useState<ImageStyle>(prefill?.style ?? "none");
  const [aspectRatio, setAspectRatio] = useState<AspectRatio>(prefill?.aspectRatio ?? "1:1");
  const [model, setModel] = useToolChoice("image-generation", data.models, prefill?.model);
  const { submit, busy, fieldErrors } = useCreate("image-generation", data.signedIn, onCreated);

  return (
    <ToolFormFrame
      tool="image-generation"
      signedIn={data.signedIn}
      action="image"
      submitLabel={t("image.submit")}
      busy={busy}
      hasErrors={Object.keys(fieldErrors).length > 0}
      onSubmit={() => void submit({ prompt, style, aspectRatio, model })}
    >
      <div className="flex flex-col gap-2">
        <label htmlFor={`${id}-prompt`} className="text-sm font-medium">
          {t("image.prompt")}
        </label>
        <textarea
          id={`${id}-prompt`}
          name="prompt"
          rows={4}
          maxLength={PROMPT_MAX}
          value={prompt}
          onChange={(event) => setPrompt(event.target.value)}
          placeholder={t("image.promptPlaceholder")}
          aria-invalid={fieldErrors.prompt ? true : undefined}
          aria-describedby={fieldErrors.prompt ? `${id}-prompt-error` : undefined}
          className={`${inputClass} resize-y`}
        />
        <FieldError id={`${id}-prompt-error`} code={fieldErrors.prompt} />
      </div>
      <ChoiceGroup label={t("image.style")} name="style" value={style} onChange={setStyle} options={IMAGE_STYLES.map((value) => ({ value, label: t(`image.styles.${value}`) }))} />
      <ChoiceGroup
        label={t("image.aspectRatio")}
        name="aspectRatio"
        value={aspectRatio}
        onChange={setAspectRatio}
        options={ASPECT_RATIOS.map((value) => ({ value, label: t(`image.aspectRatios.${ASPECT_RATIO_NAMES[value]}`) }))}
      />
      <ModelRow models={data.models} value={model} onChange={setModel} plan={data.plan} demoMode={data.demoMode} engine={data.engines[model] ?? null} />
    </ToolFormFrame>
  );
}

export default function ImageGeneration() {
  const data = useLoaderData<typeof loader>();
  useImageStrings(data.strings);
  const { jobs, add } = useJobs(data.jobs);
  const [searchParams] = useSearchParams();
  return (
    <ToolScreen tool="image-generation">
      <UpgradeDialog />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
        <ImageForm key={searchParams.get("from") ?? "new"} data={data} onCreated={add} />
        <JobList jobs={jobs} onRetried={add} />
      </div>
    </ToolScreen>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
