// "Edit image" in the image generator (decision 0029): the picture, the change in words and, if wanted, a painted
// area (the brush's code loads only when asked for). It posts to /api/images/edits and the job joins the list.
import { Link } from "@remix-run/react";
import { Paintbrush, Sparkles } from "lucide-react";
import { lazy, Suspense, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { EditSourceView } from "~/.server/images/screen";
import { openAuthDialog } from "~/lib/auth-dialog";
import { PROMPT_MAX } from "~/lib/image-options";
import type { JobView } from "~/lib/jobs";
import { useApiAction } from "~/lib/use-api-action";
import { CreditsLine } from "../chat/credits-line";
import type { ImageToolData } from "./image-tool-page";
import { reportJobError } from "./job-list";
import { ModelRow, SignInNotice, useToolChoice } from "./tool-form";
import { Button } from "~/components/ui/button";
import { PromptField } from "./prompt-field";

const MaskBrush = lazy(() => import("./mask-brush"));

export function EditForm({
  data,
  source,
  prefillPrompt,
  onCreated,
}: {
  data: ImageToolData;
  source: EditSourceView;
  prefillPrompt?: string;
  onCreated: (job: JobView) => void;
}) {
  const { t } = useTranslation("images");
  const [prompt, setPrompt] = useState(prefillPrompt ?? "");
  const [painting, setPainting] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const readMask = useRef<(() => Promise<Blob | null>) | null>(null);
  const { model, row } = useToolChoice("image-generation", data);
  const create = useApiAction<{ job: JobView }>({ refresh: false });
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!data.signedIn) return openAuthDialog();
    if (!prompt.trim()) return setFieldErrors({ prompt: t("validation.required") });
    const form = new FormData();
    form.set("requestId", requestId);
    form.set("model", model);
    form.set("prompt", prompt);
    if (source.sourceImageId) form.set("sourceImageId", source.sourceImageId);
    if (source.uploadId) form.set("uploadId", source.uploadId);
    const mask = painting && readMask.current ? await readMask.current() : null;
    if (mask) form.set("mask", new File([mask], "mask.png", { type: "image/png" }));
    const result = await create.submit("/api/images/edits", form);
    setRequestId(crypto.randomUUID());
    if (result.ok) {
      setFieldErrors({});
      return onCreated(result.job);
    }
    if (result.error.fieldErrors) return setFieldErrors(result.error.fieldErrors);
    reportJobError(result.error.code, t);
  };

  return (
    <form method="post" onSubmit={(event) => void submit(event)} className="flex flex-col gap-5" aria-label={t("edit.title")}>
      {!data.signedIn && <SignInNotice tool="image-generation" />}
      <h2 className="text-base font-semibold">{t("edit.title")}</h2>
      {painting ? (
        <Suspense fallback={<img src={source.url} alt={t("edit.picture")} className="h-auto w-full rounded-lg border" />}>
          <MaskBrush url={source.url} width={source.width} height={source.height} onPainted={(read) => (readMask.current = read)} />
        </Suspense>
      ) : (
        <img src={source.url} alt={t("edit.picture")} width={source.width} height={source.height} className="h-auto w-full rounded-lg border bg-muted" />
      )}
      {!painting && (
        <Button type="button" onClick={() => setPainting(true)} variant="outline" size="sm" className="w-fit">
          <Paintbrush className="size-4" aria-hidden />
          {t("edit.paint")}
        </Button>
      )}
      <p className="text-xs text-muted-foreground">{t("edit.paintHint")}</p>
      <PromptField copy="edit.prompt" name="prompt" rows={3} maxLength={PROMPT_MAX} value={prompt} onChange={setPrompt} errors={fieldErrors} />
      <ModelRow {...row} engine={data.engines[model] ?? null} demoNote="edit.demoNote" />
      <div className="flex flex-col gap-2 border-t pt-4">
        <CreditsLine action="image" />
        <Button type="submit" disabled={create.state === "submitting"} variant="primary" size="lg">
          <Sparkles className="size-4" aria-hidden />
          {create.state === "submitting" ? t("form.starting") : t("edit.submit")}
        </Button>
        <Link to="/image-generation" className="text-center text-sm text-muted-foreground underline">
          {t("edit.newImage")}
        </Link>
      </div>
    </form>
  );
}
