import { routeStrings } from "~/lib/i18n";
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { loadImageToolPage } from "~/.server/images/screen";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { ChoiceGroup } from "~/components/images/choice-group";
import { ImageToolPage, type ToolFormProps } from "~/components/images/image-tool-page";
import { FieldError, ModelRow, ToolFormFrame, useCreate, useToolChoice } from "~/components/images/tool-form";
import { titleMeta } from "~/lib/meta";
import { BRAND_MAX, LOGO_KINDS, LOGO_STYLE_COLORS, SLOGAN_MAX, type LogoKind, type LogoStyle } from "~/lib/image-options";
import { LOGO_STYLES } from "~/lib/tools";
import { PromptField } from "~/components/images/prompt-field";

export const handle = routeStrings("tools", "images");

export const loader = ({ request, context }: LoaderFunctionArgs) => loadImageToolPage(request, context, "logo-maker");

export const meta = titleMeta;

/** One of the logo's two colours: a colour well named by the label around it. */
function ColorInput({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="inline-flex items-center gap-2 text-sm">
      <input type="color" value={value} onChange={(event) => onChange(event.target.value)} className="h-9 w-12 cursor-pointer rounded border bg-background" />
      {label}
    </label>
  );
}

function LogoForm({ data, prefill, onCreated }: ToolFormProps<"logo-maker">) {
  const { t } = useTranslation(["images", "tools"]);
  const id = useId();
  const [kind, setKind] = useState<LogoKind>(prefill?.kind ?? "graphic");
  const [style, setStyle] = useState<LogoStyle>(prefill?.style ?? "basic");
  const [brandName, setBrandName] = useState(prefill?.brandName ?? "");
  const [slogan, setSlogan] = useState(prefill?.slogan ?? "");
  const [customColors, setCustomColors] = useState(Boolean(prefill?.primaryColor || prefill?.secondaryColor));
  const [primaryColor, setPrimaryColor] = useState(prefill?.primaryColor ?? LOGO_STYLE_COLORS[prefill?.style ?? "basic"][0]);
  const [secondaryColor, setSecondaryColor] = useState(prefill?.secondaryColor ?? LOGO_STYLE_COLORS[prefill?.style ?? "basic"][1]);
  const { model, row: modelRow } = useToolChoice("logo-maker", data, prefill?.model);
  const values = { kind, style, brandName, slogan, model, ...(customColors ? { primaryColor, secondaryColor } : {}) };
  const { frame, fieldErrors } = useCreate("logo-maker", data, values, onCreated);

  const chooseStyle = (next: LogoStyle) => {
    setStyle(next);
    if (!customColors) {
      setPrimaryColor(LOGO_STYLE_COLORS[next][0]);
      setSecondaryColor(LOGO_STYLE_COLORS[next][1]);
    }
  };

  return (
    <ToolFormFrame frame={frame} action="image" submitLabel={t("logo.submit")}>
      <ChoiceGroup
        label={t("logo.kind")}
        name="kind"
        value={kind}
        onChange={setKind}
        columns
        options={LOGO_KINDS.map((value) => ({ value, label: t(`tools:logo-maker.kinds.${value}`), hint: t(`logo.kindHints.${value}`) }))}
      />
      <PromptField copy="logo.brandName" name="brandName" maxLength={BRAND_MAX} value={brandName} onChange={setBrandName} errors={fieldErrors} />
      <PromptField copy="logo.slogan" name="slogan" maxLength={SLOGAN_MAX} value={slogan} onChange={setSlogan} errors={fieldErrors} />
      <ChoiceGroup
        label={t("logo.style")}
        name="style"
        value={style}
        onChange={chooseStyle}
        options={LOGO_STYLES.map((value) => ({ value, label: t(`tools:logo-maker.styles.${value}`) }))}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">{t("logo.customColors")}</legend>
        <label className="inline-flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" checked={customColors} onChange={(event) => setCustomColors(event.target.checked)} className="size-4" />
          {t("logo.customColors")}
        </label>
        {customColors ? (
          <div className="flex flex-wrap gap-4">
            <ColorInput label={t("logo.primaryColor")} value={primaryColor} onChange={setPrimaryColor} />
            <ColorInput label={t("logo.secondaryColor")} value={secondaryColor} onChange={setSecondaryColor} />
          </div>
        ) : (
          <p className="flex items-center gap-2 text-xs text-muted-foreground">
            <span className="inline-flex overflow-hidden rounded border" aria-hidden>
              <span className="size-4" style={{ background: LOGO_STYLE_COLORS[style][0] }} />
              <span className="size-4" style={{ background: LOGO_STYLE_COLORS[style][1] }} />
            </span>
            {t("logo.styleColors")}
          </p>
        )}
        <FieldError id={`${id}-color-error`} message={fieldErrors.primaryColor ?? fieldErrors.secondaryColor} />
      </fieldset>
      {kind === "graphic" ? (
        <ModelRow {...modelRow} engine={data.engines[model] ?? null} />
      ) : (
        <p className="text-xs text-muted-foreground">{t("logo.textNote")}</p>
      )}
    </ToolFormFrame>
  );
}

export default function LogoMaker() {
  return <ImageToolPage tool="logo-maker" Form={LogoForm} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
