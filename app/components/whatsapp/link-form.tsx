// docs/product.md §5 "WhatsApp start": the country first (a searchable list), then the number, checked with the same schema
// as the server; the answer is a wa.me link with a one-time code, also as a QR code on wide screens.
import { getCountries, getCountryCallingCode, type CountryCode } from "libphonenumber-js/max";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { renderSVG } from "uqr";
import type { LinkCodeResult } from "~/.server/whatsapp/link-codes";
import { NETWORK_FAILED } from "~/lib/api-client";
import { useToolModel } from "~/lib/chat-prefs";
import { checkWith } from "~/lib/schemas/field-errors";
import { lazyForm } from "~/lib/schemas/lazy";
import { useApiAction } from "~/lib/use-api-action";
import { useForm } from "~/lib/use-form";
import { LINK_CODE_TTL_MS } from "~/lib/whatsapp";
import { FormAlert, SubmitButton, TextField } from "../auth/fields";
import { Combobox, type ComboboxOption } from "../ui/combobox";
import { WHATSAPP_LINK_ENDPOINT } from "./api";
import { WhatsAppIcon } from "./whatsapp-icon";
import { Button } from "~/components/ui/button";

/** Every country libphonenumber-js knows, named in the interface language: "Türkiye (+90)". */
function useCountryOptions(locale: string): ComboboxOption[] {
  const { t } = useTranslation("whatsapp");
  return useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: "region", fallback: "code" });
    return getCountries()
      .map((code) => {
        const calling = getCountryCallingCode(code);
        return { value: code, label: t("dialog.countryOption", { name: names.of(code) ?? code, code: calling }), keywords: `${code} ${calling} +${calling}` };
      })
      .sort((a, b) => a.label.localeCompare(b.label, locale));
  }, [locale, t]);
}

function LinkCodeView({ result, onReset }: { result: LinkCodeResult; onReset: () => void }) {
  const { t } = useTranslation("whatsapp");
  const linkRef = useRef<HTMLAnchorElement>(null);
  // The form that had the focus is gone; the next step is the link.
  useEffect(() => linkRef.current?.focus(), []);
  const qr = useMemo(() => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(result.url, { border: 2 }))}`, [result.url]);
  return (
    <div className="flex flex-col gap-4" data-testid="whatsapp-link-code">
      <p className="text-sm">{t("dialog.linkReady")}</p>
      <div className="flex gap-4">
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <a
            ref={linkRef}
            href={result.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center justify-center gap-2 rounded-lg bg-[#075E54] px-4 py-2.5 text-sm font-medium text-white hover:opacity-90"
          >
            <WhatsAppIcon />
            {t("dialog.openWhatsApp")}
          </a>
          <div>
            <p className="text-xs text-muted-foreground">{t("dialog.codeLabel")}</p>
            <p className="font-mono text-lg font-semibold tracking-wider" data-testid="whatsapp-code">
              {result.code}
            </p>
            <p className="text-sm text-muted-foreground">{t("dialog.expires", { minutes: Math.round(LINK_CODE_TTL_MS / 60_000) })}</p>
          </div>
        </div>
        {/* A phone opens the link itself; on a computer the phone scans it. */}
        <figure className="hidden shrink-0 md:block">
          <img src={qr} alt={t("dialog.qrAlt")} width={160} height={160} className="size-40 rounded border bg-white" />
          <figcaption className="mt-1 max-w-40 text-center text-xs text-muted-foreground">{t("dialog.qrHint")}</figcaption>
        </figure>
      </div>
      <Button type="button" onClick={onReset} variant="link" className="self-start text-sm">
        {t("dialog.anotherNumber")}
      </Button>
    </div>
  );
}

/** The link form's schema, the server's own, arrives when the form is first used (lib/use-form.ts). */
const linkForm = lazyForm(() => import("~/lib/schemas/whatsapp").then((schemas) => checkWith(schemas.whatsappLinkSchema)));

/** `onStale`: the server says the status changed (signed out, channel switched off); the dialog asks again. */
export function LinkForm({ initialCountry, onStale }: { initialCountry: string | null; onStale: () => void }) {
  const { t, i18n } = useTranslation("whatsapp");
  const locale = i18n.language;
  const options = useCountryOptions(locale);
  const [country, setCountry] = useState<string | null>(() => (options.some((option) => option.value === initialCountry) ? initialCountry : null));
  const [phone, setPhone] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  // The dialog shows the code it gets, so nothing else on the page needs reloading.
  const link = useApiAction<LinkCodeResult>({ refresh: false });
  const busy = link.state === "submitting";
  const [result, setResult] = useState<LinkCodeResult | null>(null);
  const [model] = useToolModel("web-main");
  const countryErrorId = useId();
  const { errors, formProps } = useForm({
    schema: linkForm,
    // The schema's messages are keys under whatsapp:dialog.
    translate: (key) => t(`dialog.${key}`),
    values: { country: country ?? "", phone, model: model.modelName },
    send: async (values) => {
      setProblem(null);
      const answer = await link.submit(WHATSAPP_LINK_ENDPOINT, values);
      if (answer.ok) return setResult(answer);
      if (answer.error.fieldErrors) return answer.error.fieldErrors;
      if (answer.status === 401 || answer.error.code === "whatsapp/not-configured") onStale();
      else setProblem(answer.error.code);
    },
    onOffline: () => setProblem(NETWORK_FAILED),
  });

  if (result) return <LinkCodeView result={result} onReset={() => setResult(null)} />;

  const callingCode = country ? getCountryCallingCode(country as CountryCode) : null;
  return (
    <form {...formProps} className="flex flex-col gap-4">
      <FormAlert code={problem} />
      <div className="flex flex-col gap-1.5">
        <Combobox
          id={`${countryErrorId}-input`}
          label={t("dialog.country")}
          options={options}
          value={country}
          onChange={setCountry}
          field="country"
          placeholder={t("dialog.countryPlaceholder")}
          clearLabel={t("dialog.clearCountry")}
          listLabel={t("dialog.countries")}
          toggleLabel={t("dialog.showCountries")}
          emptyText={t("dialog.noCountries")}
          locale={locale}
          invalid={Boolean(errors.country)}
          describedBy={errors.country ? countryErrorId : undefined}
        />
        {errors.country && (
          <p id={countryErrorId} className="text-sm text-danger">
            {errors.country}
          </p>
        )}
      </div>
      <TextField
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        label={t("dialog.phone")}
        // docs/product.md §5: the country comes first; until then the number cannot be read, so it cannot be typed.
        disabled={!country}
        hint={callingCode ? t("dialog.phoneHint", { code: callingCode }) : t("dialog.validation.selectCountry")}
        error={country ? errors.phone : undefined}
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
      />
      <div>
        <SubmitButton busy={busy}>{t("dialog.submit")}</SubmitButton>
      </div>
    </form>
  );
}
