import { routeStrings } from "~/lib/i18n";
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { loadImageToolPage } from "~/.server/images/screen";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { ChoiceGroup } from "~/components/images/choice-group";
import { ImageToolPage, type ToolFormProps } from "~/components/images/image-tool-page";
import { ModelRow, ToolFormFrame, useCreate, useToolChoice } from "~/components/images/tool-form";
import { UploadField, type UploadedPhoto } from "~/components/images/upload-field";
import { titleMeta } from "~/lib/meta";
import { DESCRIPTION_MAX, type TattooTheme } from "~/lib/image-options";
import { TATTOO_THEMES } from "~/lib/tools";
import { PromptField } from "~/components/images/prompt-field";

export const handle = routeStrings("tools", "images");

export const loader = ({ request, context }: LoaderFunctionArgs) => loadImageToolPage(request, context, "tattoo-generator");

export const meta = titleMeta;

function TattooForm({ data, prefill, onCreated }: ToolFormProps<"tattoo-generator">) {
  const { t } = useTranslation(["images", "tools"]);
  const [photo, setPhoto] = useState<UploadedPhoto | null>(
    prefill ? { id: prefill.uploadId, previewUrl: `/media/uploads/${encodeURIComponent(prefill.uploadId)}` } : null,
  );
  const [theme, setTheme] = useState<TattooTheme>(prefill?.theme ?? "geometric");
  const [description, setDescription] = useState(prefill?.description ?? "");
  const { model, row: modelRow } = useToolChoice("tattoo-generator", data, prefill?.model);
  const { frame, fieldErrors } = useCreate("tattoo-generator", data, { uploadId: photo?.id ?? "", theme, description, model }, onCreated);

  return (
    <ToolFormFrame frame={frame} action="image" submitLabel={t("tattoo.submit")}>
      <UploadField label={t("tattoo.photo")} value={photo} onChange={setPhoto} signedIn={data.signedIn} error={fieldErrors.uploadId} />
      <ChoiceGroup
        label={t("tattoo.theme")}
        name="theme"
        value={theme}
        onChange={setTheme}
        options={TATTOO_THEMES.map((value) => ({ value, label: t(`tools:tattoo-generator.themes.${value}`) }))}
      />
      <PromptField
        copy="tattoo.description"
        name="description"
        rows={3}
        maxLength={DESCRIPTION_MAX}
        value={description}
        onChange={setDescription}
        errors={fieldErrors}
      />
      <ModelRow {...modelRow} engine={data.engines[model] ?? null} />
    </ToolFormFrame>
  );
}

export default function TattooGenerator() {
  return <ImageToolPage tool="tattoo-generator" Form={TattooForm} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
