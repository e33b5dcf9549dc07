import { routeStrings } from "~/lib/i18n";
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { loadImageToolPage } from "~/.server/images/screen";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { ImageToolPage, type ToolFormProps } from "~/components/images/image-tool-page";
import { Field, inputClass, ModelRow, ToolFormFrame, useCreate, useToolChoice } from "~/components/images/tool-form";
import { UploadField, type UploadedPhoto } from "~/components/images/upload-field";
import { titleMeta } from "~/lib/meta";
import type { TranslateLanguage } from "~/lib/image-options";

export const handle = routeStrings("tools", "images");

export const loader = ({ request, context }: LoaderFunctionArgs) => loadImageToolPage(request, context, "photo-translate");

export const meta = titleMeta;

function TranslateForm({ data, prefill, onCreated }: ToolFormProps<"photo-translate">) {
  const { t, i18n } = useTranslation("images");
  const [photo, setPhoto] = useState<UploadedPhoto | null>(
    prefill ? { id: prefill.uploadId, previewUrl: `/media/uploads/${encodeURIComponent(prefill.uploadId)}` } : null,
  );
  // The interface language is the likeliest wish; English for everyone else.
  const [targetLanguage, setTargetLanguage] = useState<TranslateLanguage>(prefill?.targetLanguage ?? (i18n.language === "tr" ? "tr" : "en"));
  const { model, row: modelRow } = useToolChoice("photo-translate", data, prefill?.model);
  const { frame, fieldErrors } = useCreate("photo-translate", data, { uploadId: photo?.id ?? "", targetLanguage, model }, onCreated);

  return (
    <ToolFormFrame frame={frame} action="photoTranslate" submitLabel={t("translate.submit")}>
      <UploadField label={t("translate.photo")} value={photo} onChange={setPhoto} signedIn={data.signedIn} error={fieldErrors.uploadId} />
      <Field label={t("translate.language")} error={fieldErrors.targetLanguage}>
        {(wiring) => (
          <select
            {...wiring}
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
        )}
      </Field>
      <ModelRow {...modelRow} demoNote="form.demoNoteTranslate" />
    </ToolFormFrame>
  );
}

export default function PhotoTranslate() {
  return <ImageToolPage tool="photo-translate" Form={TranslateForm} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
