// The web search form: a person or topic and one of docs/product.md §1's nine categories, checked with the server's schema.
import { Search } from "lucide-react";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { NETWORK_FAILED } from "~/lib/api-client";
import { fieldErrorsFrom } from "~/lib/schemas/field-errors";
import { lazyFormSchema } from "~/lib/schemas/lazy";
import { SUBJECT_MAX, type SearchCategory } from "~/lib/search-options";
import { notify } from "~/lib/toast";
import { SEARCH_CATEGORIES } from "~/lib/tools";
import { useOnePress } from "~/lib/use-one-press";
import { fieldClass } from "../ui/field";
import { ChoiceGroup } from "../images/choice-group";

/** The form's schema, and zod with it, arrives when the form is first used, not with the page (search-options.ts). */
const searchSchema = lazyFormSchema(() => import("~/lib/schemas/search").then((schemas) => schemas.searchInputSchema));

export function SearchForm({
  busy,
  disabled,
  onSubmit,
  footer,
}: {
  busy: boolean;
  /** Searching is not possible on this server (no OpenAI key while other providers are configured). */
  disabled: boolean;
  onSubmit: (input: Record<string, string>, display: string) => void;
  footer: ReactNode;
}) {
  const { t } = useTranslation("search");
  const { t: tt } = useTranslation("tools");
  const id = useId();
  const [subject, setSubject] = useState("");
  const [category, setCategory] = useState<SearchCategory>("tell-me-everything");
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onePress = useOnePress();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await onePress(check);
  };

  const check = async () => {
    const schema = await searchSchema.get().catch(() => null);
    // The form's code could not be fetched: offline, so nothing could be sent anyway, and the message says so.
    if (!schema) return notify("error", t(`errors:${NETWORK_FAILED}`));
    const checked = schema.safeParse({ subject, category });
    if (!checked.success) {
      setErrors(fieldErrorsFrom(checked.error));
      return;
    }
    setErrors({});
    onSubmit(checked.data, t("question", { subject: checked.data.subject, category: tt(`web-search.categories.${checked.data.category}`) }));
  };

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocus={searchSchema.warm}
      className="flex flex-col gap-5"
      aria-label={tt("web-search.title")}
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-subject`} className="text-sm font-medium">
          {t("form.subject")}
        </label>
        <input
          id={`${id}-subject`}
          name="subject"
          value={subject}
          maxLength={SUBJECT_MAX}
          onChange={(event) => setSubject(event.target.value)}
          placeholder={t("form.subjectPlaceholder")}
          aria-invalid={errors.subject ? true : undefined}
          aria-describedby={errors.subject ? `${id}-subject-error` : undefined}
          aria-required
          className={fieldClass}
        />
        {errors.subject && (
          <p id={`${id}-subject-error`} className="text-sm text-danger">
            {t(errors.subject)}
          </p>
        )}
      </div>
      <ChoiceGroup
        label={t("form.category")}
        name="category"
        value={category}
        onChange={setCategory}
        columns
        options={SEARCH_CATEGORIES.map((key) => ({ value: key, label: tt(`web-search.categories.${key}`) }))}
      />
      {errors.category && <p className="text-sm text-danger">{t(errors.category)}</p>}
      {Object.keys(errors).length > 0 && (
        <p role="alert" className="text-sm text-danger">
          {t("form.fixErrors")}
        </p>
      )}
      <div className="flex flex-col gap-3 border-t pt-4">
        {footer}
        <button
          type="submit"
          disabled={busy || disabled}
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-primary px-4 py-2.5 text-sm font-medium text-primary-foreground disabled:opacity-50"
        >
          <Search className="size-4" aria-hidden />
          {busy ? t("form.starting") : t("form.submit")}
        </button>
      </div>
    </form>
  );
}
