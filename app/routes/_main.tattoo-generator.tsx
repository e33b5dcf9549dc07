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
import { UploadField, type UploadedPhoto } from "~/components/images/upload-field";
import { useImageStrings } from "~/components/images/use-image-strings";
import { ToolScreen } from "~/components/tools/tool-screen";
import { titleMeta } from "~/lib/meta";
import { DESCRIPTION_MAX, type TattooTheme } from "~/lib/schemas/images";
import { TATTOO_THEMES } from "~/lib/tools";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [screen, title] = await Promise.all([loadToolScreen(request, context, "tattoo-generator"), pageTitle(request, "tools", "tattoo-generator.title")]);
  return { ...screen, title };
}

export const meta = titleMeta;

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

function TattooForm({ data, onCreated }: { data: Data; onCreated: Parameters<typeof useCreate>[2] }) {
  const { t } = useImageStrings(data.strings);
  const id = useId();
  const prefill = data.prefill?.tool === "tattoo-generator" ? data.prefill : null;
  const [photo, setPhoto] = useState<UploadedPhoto | null>(prefill ? { id: prefill.uploadId, previewUrl: `/media/uploads/${encodeURIComponent(prefill.uploadId)}` } : null);
  const [theme, setTheme] = useState<TattooTheme>(prefill?.theme ?? "geometric");
  const [description, setDescription] = useState(prefill?.description ?? "");
  const [model, setModel] = useToolChoice("tattoo-generator", data.models, prefill?.model);
  const { submit, busy, fieldErrors } = useCreate("tattoo-generator", data.signedIn, onCreated);

  return (
    <ToolFormFrame
      tool="tattoo-generator"
      signedIn={data.signedIn}
      action="image"
      submitLabel={t("tattoo.submit")}
      busy={busy}
      hasErrors={Object.keys(fieldErrors).length > 0}
      onSubmit={() => void submit({ uploadId: photo?.id ?? "", theme, description, model })}
    >
      <UploadField label={t("tattoo.photo")} value={photo} onChange={setPhoto} signedIn={data.signedIn} error={fieldErrors.uploadId ? t(fieldErrors.uploadId) : undefined} />
      <ChoiceGroup label={t("tattoo.theme")} name="theme" value={theme} onChange={setTheme} options={TATTOO_THEMES.map((value) => ({ value, label: t(`tools:tattoo-generator.themes.${value}`) }))} />
      <div className="flex flex-col gap-2">
        <label htmlFor={`${id}-description`} className="text-sm font-medium">
          {t("tattoo.description")}
        </label>
        <textarea
          id={`${id}-description`}
          name="description"
          rows={3}
          maxLength={DESCRIPTION_MAX}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          placeholder={t("tattoo.descriptionPlaceholder")}
          aria-invalid={fieldErrors.description ? true : undefined}
          className={`${inputClass} resize-y`}
        />
        <FieldError id={`${id}-description-error`} code={fieldErrors.description} />
      </div>
      <ModelRow models={data.models} value={model} onChange={setModel} plan={data.plan} demoMode={data.demoMode} engine={data.engines[model] ?? null} />
    </ToolFormFrame>
  );
}

export default function TattooGenerator() {
  const data = useLoaderData<typeof loader>();
  useImageStrings(data.strings);
  const { jobs, add } = useJobs(data.jobs);
  const [searchParams] = useSearchParams();
  return (
    <ToolScreen tool="tattoo-generator">
      <UpgradeDialog />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
        <TattooForm key={searchParams.get("from") ?? "new"} data={data} onCreated={add} />
        <JobList jobs={jobs} onRetried={add} />
      </div>
    </ToolScreen>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
