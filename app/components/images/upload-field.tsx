import { ImagePlus } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { callApi } from "~/lib/api-client";
import { openAuthDialog } from "~/lib/auth-dialog";
import { useErrorText } from "~/lib/error-text";

export interface UploadedPhoto {
  id: string;
  previewUrl: string;
}

/**
 * Picks a JPEG or PNG and uploads it at once (POST /api/uploads checks its content); the form then sends only the
 * upload's id. Visitors are asked to sign in first, since the photo belongs with their creation.
 */
export function UploadField({
  label,
  value,
  onChange,
  signedIn,
  error,
}: {
  label: string;
  value: UploadedPhoto | null;
  onChange: (photo: UploadedPhoto | null) => void;
  signedIn: boolean;
  error?: string;
}) {
  const { t } = useTranslation("images");
  const errorText = useErrorText();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const message = problem ?? error;

  const upload = async (file: File) => {
    setBusy(true);
    setProblem(null);
    const form = new FormData();
    form.set("file", file);
    // A photo field takes images only: a PDF or text file here is refused as the wrong type (decision 0031), and a
    // file over the image limit is refused as soon as that much has arrived. The server's message already says how
    // long a daily cap lasts, in the page's language.
    const answer = await callApi<{ id: string }>("/api/uploads?accept=image", { method: "POST", body: form });
    setBusy(false);
    if (!answer.ok) {
      setProblem(answer.error.message || errorText(answer.error.code));
      onChange(null);
      return;
    }
    onChange({ id: answer.data.id, previewUrl: URL.createObjectURL(file) });
  };

  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium" id={`${id}-label`}>
        {label}
      </span>
      <div className="flex items-center gap-3">
        {value ? (
          <img src={value.previewUrl} alt={t("upload.preview")} className="size-20 rounded-lg border object-cover" />
        ) : (
          <span className="flex size-20 items-center justify-center rounded-lg border border-dashed text-muted-foreground">
            <ImagePlus className="size-6" aria-hidden />
          </span>
        )}
        <div className="flex flex-col gap-1">
          <label
            htmlFor={id}
            onClick={(event) => {
              if (signedIn) return;
              event.preventDefault();
              openAuthDialog();
            }}
            className="inline-flex w-fit cursor-pointer items-center gap-2 rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-muted has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary"
          >
            {busy ? t("upload.uploading") : value ? t("upload.change") : t("upload.choose")}
            <input
              id={id}
              type="file"
              accept="image/png,image/jpeg,.jpg,.jpeg,.png"
              className="sr-only"
              aria-describedby={`${id}-hint${message ? ` ${id}-error` : ""}`}
              aria-labelledby={`${id}-label`}
              aria-invalid={message ? true : undefined}
              disabled={busy}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                if (file) void upload(file);
              }}
            />
          </label>
          <span id={`${id}-hint`} className="text-xs text-muted-foreground">
            {value && !busy ? t("upload.ready") : t("upload.hint")}
          </span>
        </div>
      </div>
      {message && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {message}
        </p>
      )}
    </div>
  );
}
