import { routeStrings } from "~/lib/i18n";
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { loadImageToolPage } from "~/.server/images/screen";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { ChoiceGroup } from "~/components/images/choice-group";
import { EditForm } from "~/components/images/edit-form";
import { ImageToolPage, type ToolFormProps } from "~/components/images/image-tool-page";
import { ModelRow, ToolFormFrame, useCreate, useToolChoice } from "~/components/images/tool-form";
import { titleMeta } from "~/lib/meta";
import { ASPECT_RATIO_NAMES, ASPECT_RATIOS, IMAGE_STYLES, PROMPT_MAX, type AspectRatio, type ImageStyle } from "~/lib/image-options";
import { PromptField } from "~/components/images/prompt-field";

export const handle = routeStrings("tools", "images");

export const loader = ({ request, context }: LoaderFunctionArgs) => loadImageToolPage(request, context, "image-generation");

export const meta = titleMeta;

/** "Edit image" when the page was opened on a picture (decision 0029), else a new image from words. */
function ImageForm(props: ToolFormProps<"image-generation">) {
  const { data, prefill, onCreated } = props;
  if (data.editSource)
    return <EditForm data={data} source={data.editSource} prefillPrompt={prefill?.edit ? prefill.prompt : undefined} onCreated={onCreated} />;
  return <NewImageForm {...props} />;
}

function NewImageForm({ data, prefill, onCreated }: ToolFormProps<"image-generation">) {
  const { t } = useTranslation("images");
  const [prompt, setPrompt] = useState(prefill?.prompt ?? "");
  const [style, setStyle] = useState<ImageStyle>(prefill?.style ?? "none");
  const [aspectRatio, setAspectRatio] = useState<AspectRatio>(prefill?.aspectRatio ?? "1:1");
  const { model, row: modelRow } = useToolChoice("image-generation", data, prefill?.model);
  const { frame, fieldErrors } = useCreate("image-generation", data, { prompt, style, aspectRatio, model }, onCreated);

  return (
    <ToolFormFrame frame={frame} action="image" submitLabel={t("image.submit")}>
      <PromptField copy="image.prompt" name="prompt" rows={4} maxLength={PROMPT_MAX} value={prompt} onChange={setPrompt} errors={fieldErrors} />
      <ChoiceGroup
        label={t("image.style")}
        name="style"
        value={style}
        onChange={setStyle}
        options={IMAGE_STYLES.map((value) => ({ value, label: t(`image.styles.${value}`) }))}
      />
      <ChoiceGroup
        label={t("image.aspectRatio")}
        name="aspectRatio"
        value={aspectRatio}
        onChange={setAspectRatio}
        options={ASPECT_RATIOS.map((value) => ({ value, label: t(`image.aspectRatios.${ASPECT_RATIO_NAMES[value]}`) }))}
      />
      <ModelRow {...modelRow} engine={data.engines[model] ?? null} />
    </ToolFormFrame>
  );
}

export default function ImageGeneration() {
  return <ImageToolPage tool="image-generation" Form={ImageForm} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
