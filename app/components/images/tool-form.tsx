import { Link } from "@remix-run/react";
import { LogIn, Sparkles } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { openAuthDialog } from "~/lib/auth-dialog";
import { useToolModel } from "~/lib/chat-prefs";
import type { CreditAction } from "~/lib/constants";
import type { JobView } from "~/lib/jobs";
import { chooseModel, providerNameFor, type ModelInfo } from "~/lib/models";
import { NETWORK_FAILED } from "~/lib/api-client";
import { checkWith } from "~/lib/schemas/field-errors";
import type { ImageTool } from "~/lib/image-options";
import { lazyForm } from "~/lib/schemas/lazy";
import { useApiAction } from "~/lib/use-api-action";
import { useForm } from "~/lib/use-form";
import { CreditsLine } from "../chat/credits-line";
import { ModelPicker } from "../chat/model-picker";
import { reportJobError } from "./job-list";
import { Field as SharedField, type ControlWiring } from "../ui/field";
import { ToolNote, ToolSubmitButton } from "~/components/tools/tool-form-parts";

type PickerModel = Pick<ModelInfo, "id" | "tier" | "vision" | "reasoning">;

/**
 * The tool's model: the stored per-tool choice (docs/product.md §3), or the one a "use again" link brought; and whether it is
 * still unknown (the stored choice not restored yet), when the screen must not show a model's name (docs/product.md §4).
 */
export function useToolChoice(tool: ImageTool, page: { models: PickerModel[]; plan: "guest" | "free" | "pro"; demoMode: boolean }, broughtModel?: string) {
  const [choice, setChoice, restored] = useToolModel(tool);
  const [brought, setBrought] = useState(broughtModel);
  const model = chooseModel(tool, page.models, brought ?? choice.modelName).id;
  const onChange = (modelName: string) => {
    setBrought(undefined);
    setChoice({ llmName: providerNameFor(modelName), modelName });
  };
  /** What every tool's ModelRow shows for this choice (the tool adds its engine or demo note). */
  const row = { models: page.models, value: model, onChange, plan: page.plan, demoMode: page.demoMode, pending: brought === undefined && !restored };
  return { model, row };
}

/**
 * The job schema, and zod with it (about 24 KB gzip), arrives when the form is first used instead of with the page
 * (image-options.ts holds what the page needs to paint). Focusing any field of the form starts the fetch.
 */
const jobForm = lazyForm(() => import("~/lib/schemas/images").then((schemas) => checkWith(schemas.createJobSchema())));

/**
 * A tool's form (lib/use-form.ts): its values checked here with the server's own schema, then posted with a request
 * id (the job's id, so a double submit makes one job; a new one after each answer). Visitors get the sign-in dialog
 * instead. The new job joins the tool's list through `onCreated`, so the page's data is not reloaded. `frame` is what
 * ToolFormFrame needs; `fieldErrors` are texts to show.
 */
export function useCreate(tool: ImageTool, page: { signedIn: boolean }, values: Record<string, string | undefined>, onCreated: (job: JobView) => void) {
  const { t } = useTranslation("images");
  const create = useApiAction<{ job: JobView }>({ refresh: false });
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const body = { ...Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === "string")), tool, requestId };
  const form = useForm({
    schema: jobForm,
    translate: t,
    values: body,
    send: async () => {
      const sent = new FormData();
      for (const [name, value] of Object.entries(body)) sent.set(name, value);
      const result = await create.submit("/api/jobs", sent);
      setRequestId(crypto.randomUUID());
      if (result.ok) return onCreated(result.job);
      if (result.error.fieldErrors) return result.error.fieldErrors;
      reportJobError(result.error.code, t);
    },
    // The form's code could not be fetched: offline, the same as a request that could not be sent.
    onOffline: () => reportJobError(NETWORK_FAILED, t),
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (page.signedIn) return form.formProps.onSubmit(event);
    event.preventDefault();
    openAuthDialog();
  };
  // Visitors are asked to sign in first, so their form's schema is not fetched.
  const formProps = { ...form.formProps, onSubmit, onFocus: page.signedIn ? form.formProps.onFocus : undefined };
  const busy = create.state === "submitting";
  return { fieldErrors: form.errors, frame: { tool, signedIn: page.signedIn, busy, hasErrors: Object.keys(form.errors).length > 0, formProps } };
}

/** Shown to visitors above a tool's form: creations need an account. */
export function SignInNotice({ tool }: { tool: ImageTool }) {
  const { t } = useTranslation("images");
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-primary/30 bg-accent px-4 py-3 text-sm">
      <p className="font-medium">{t("form.signInTitle")}</p>
      <p className="text-muted-foreground">{t("form.signInBody")}</p>
      <Link
        to={`/auth/login?redirectTo=${encodeURIComponent(`/${tool}`)}`}
        onClick={(event) => {
          event.preventDefault();
          openAuthDialog();
        }}
        className="inline-flex w-fit items-center gap-1.5 rounded-md bg-primary px-3 py-1.5 font-medium text-primary-foreground"
      >
        <LogIn className="size-4" aria-hidden />
        {t("form.signIn")}
      </Link>
    </div>
  );
}

export function ModelRow({
  models,
  value,
  onChange,
  plan,
  demoMode,
  engine,
  demoNote = "form.demoNote",
  pending = false,
}: {
  models: PickerModel[];
  value: string;
  onChange: (modelId: string) => void;
  plan: "guest" | "free" | "pro";
  demoMode: boolean;
  /** The image model this choice draws with; undefined where no image model is involved (photo translate). */
  engine?: string | null;
  /** The demo notice for this tool (what the demo provider does instead). */
  demoNote?: string;
  /** The stored choice is not known yet: the row keeps its place but names no (possibly wrong) model. */
  pending?: boolean;
}) {
  const { t } = useTranslation("images");
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium">{t("form.model")}</span>
      <div className="flex flex-wrap items-center gap-2">
        <ModelPicker pending={pending} models={models} value={value} onChange={onChange} canUsePro={plan === "pro"} demoMode={demoMode} />
        {engine !== undefined && !demoMode && (
          <span className={`text-xs text-muted-foreground ${pending ? "invisible" : ""}`}>
            {engine ? t("form.drawnBy", { model: engine }) : t("form.noEngine")}
          </span>
        )}
      </div>
      {demoMode && <ToolNote>{t(demoNote)}</ToolNote>}
    </div>
  );
}

/** A field error not tied to one control (the logo's colour pair), already in the page's language. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-danger">
      {message}
    </p>
  );
}

export const inputClass =
  "w-full rounded-lg border bg-background px-3 py-2 text-base outline-none focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary aria-[invalid=true]:border-danger";

/** The app's one Field (components/ui/field.tsx) with the image tools' spacing; `error` is the text to show. */
export function Field({ label, error, hint, children }: { label: string; error?: string; hint?: string; children: (wiring: ControlWiring) => ReactNode }) {
  return (
    <SharedField label={label} error={error} hint={hint} className="flex flex-col gap-2">
      {children}
    </SharedField>
  );
}

/** The form frame every tool shares: fields, then the credits line and the submit button (`frame` from useCreate). */
export function ToolFormFrame({
  frame,
  children,
  action,
  submitLabel,
}: {
  frame: ReturnType<typeof useCreate>["frame"];
  children: ReactNode;
  action: CreditAction;
  submitLabel: string;
}) {
  const { t } = useTranslation("images");
  const { tool, signedIn, busy, hasErrors, formProps } = frame;
  return (
    <form method="post" {...formProps} className="flex flex-col gap-5">
      {!signedIn && <SignInNotice tool={tool} />}
      {children}
      {hasErrors && (
        <p role="alert" className="text-sm text-danger">
          {t("form.fixErrors")}
        </p>
      )}
      <div className="flex flex-col gap-2 border-t pt-4">
        <CreditsLine action={action} />
        <ToolSubmitButton icon={Sparkles} disabled={busy}>
          {busy ? t("form.starting") : submitLabel}
        </ToolSubmitButton>
      </div>
    </form>
  );
}
