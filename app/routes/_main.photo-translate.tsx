import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { useId, useState } from "react";
import { pageTitle } from "~/.server/page";
import { loadToolScreen } from "~/.server/images/screen";
import { UpgradeDialog } from "~/components/dialogs/upgrade-dialog";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { JobList, useJobs } from "~/components/images/job-list";
import { FieldError, inputClass, ModelRow, ToolFormFrame, useCreate, useToolChoice } from "~/components/images/tool-form";
import { UploadField, type UploadedPhoto } from "~/components/images/upload-field";
import { useImageStrings } from "~/components/images/use-image-strings";
import { ToolScreen } from "~/components/tools/tool-screen";
import { titleMeta } from "~/lib/meta";
import type { TranslateLanguage } from "~/lib/schemas/images";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [screen, title] = await Promise.all([loadToolScreen(request, context, "photo-translate"), pageTitle(request, "tools", "photo-translate.title")]);
  return { ...screen, title };
}

export const meta = titleMeta;

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

function TranslateForm({ data, onCreated }: { data: Data; onCreated: Parameters<typeof useCreate>[2] }) {
  const { t } = useImageStrings(data.strings);
  const id = useId();
  const prefill = data.prefill?.tool === "photo-translate" ? data.prefill : null;
  const [photo, setPhoto] = useState<UploadedPhoto | null>(prefill ? { id: prefill.uploadId, previewUrl: `/media/uploads/${encodeURIComponent(prefill.uploadId)}` } : null);
  // The interface language is the likeliest wish; English for everyone else.
  const [targetLanguage, setTargetLanguage] = useState<TranslateLanguage>(prefill?.targetLanguage ?? (data.strings.locale === "tr" ? "tr" : "en"));
  const [model, setModel] = useToolChoice("photo-translate", data.models, prefill?.model);
  const { submit, busy, fieldErrors } = useCreate("photo-translate", data.signedIn, onCreated);

  return (
    <ToolFormFrame
      tool="photo-translate"
      signedIn={data.signedIn}
      action="photoTranslate"
      submitLabel={t("translate.submit")}
      busy={busy}
      hasErrors={Object.keys(fieldErrors).length > 0}
      onSubmit={() => void submit({ uploadId: photo?.id ?? "", targetLanguage, model })}
    >
      <UploadField label={t("translate.photo")} value={photo} onChange={setPhoto} signedIn={data.signedIn} error={fieldErrors.uploadId ? t(fieldErrors.uploadId) : undefined} />
      <div className="flex flex-col gap-2">
        <label htmlFor={`${id}-language`} className="text-sm font-medium">
          {t("translate.language")}
        </label>
        <select
          id={`${id}-language`}
          name="targetLanguage"
          value={targetLanguage}
          onChange={(event) => setTargetLanguage(event.target.value as TranslateLanguage)}
          className={inputClass}
        >
          {data.languages.map((language) => (
            <option key={language.code} value={language.code}>
              {language.name}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-language-error`} code={fieldErrors.targetLanguage} />
      </div>
      <ModelRow models={data.models} value={model} onChange={setModel} plan={data.plan} demoMode={data.demoMode} demoNote="form.demoNoteTranslate" />
    </ToolFormFrame>
  );
}

export default function PhotoTranslate() {
  const data = useLoaderData<typeof loader>();
  useImageStrings(data.strings);
  const { jobs, add } = useJobs(data.jobs);
  const [searchParams] = useSearchParams();
  return (
    <ToolScreen tool="photo-translate">
      <UpgradeDialog />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
        <TranslateForm key={searchParams.get("from") ?? "new"} data={data} onCreated={add} />
        <JobList jobs={jobs} onRetried={add} />
      </div>
    </ToolScreen>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
