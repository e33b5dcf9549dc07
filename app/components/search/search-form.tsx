// The web search form: a person or topic and one of docs/product.md §1's nine categories, checked with the server's schema.
import { Search } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { NETWORK_FAILED } from "~/lib/api-client";
import { checkWith } from "~/lib/schemas/field-errors";
import { lazyForm } from "~/lib/schemas/lazy";
import { SUBJECT_MAX, type SearchCategory } from "~/lib/search-options";
import { notify } from "~/lib/toast";
import { SEARCH_CATEGORIES } from "~/lib/tools";
import { useForm } from "~/lib/use-form";
import { InputField } from "../ui/field";
import { ChoiceGroup } from "../images/choice-group";
import { ToolSubmitButton } from "~/components/tools/tool-form-parts";

/** The form's schema, and zod with it, arrives when the form is first used, not with the page (search-options.ts). */
const searchForm = lazyForm(() => import("~/lib/schemas/search").then((schemas) => checkWith(schemas.searchInputSchema)));

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
  const [subject, setSubject] = useState("");
  const [category, setCategory] = useState<SearchCategory>("tell-me-everything");
  const { errors, formProps } = useForm({
    schema: searchForm,
    translate: t,
    values: { subject, category },
    send: (checked) => onSubmit(checked, t("question", { subject: checked.subject, category: tt(`web-search.categories.${checked.category}`) })),
    // The form's code could not be fetched: offline, so nothing could be sent anyway, and the message says so.
    onOffline: () => notify("error", t(`errors:${NETWORK_FAILED}`)),
  });

  return (
    <form method="post" {...formProps} className="flex flex-col gap-5" aria-label={tt("web-search.title")}>
      <InputField
        label={t("form.subject")}
        error={errors.subject}
        name="subject"
        value={subject}
        maxLength={SUBJECT_MAX}
        onValueChange={setSubject}
        placeholder={t("form.subjectPlaceholder")}
        aria-required
      />
      <ChoiceGroup
        label={t("form.category")}
        name="category"
        value={category}
        onChange={setCategory}
        columns
        options={SEARCH_CATEGORIES.map((key) => ({ value: key, label: tt(`web-search.categories.${key}`) }))}
      />
      {errors.category && <p className="text-sm text-danger">{errors.category}</p>}
      {Object.keys(errors).length > 0 && (
        <p role="alert" className="text-sm text-danger">
          {t("form.fixErrors")}
        </p>
      )}
      <div className="flex flex-col gap-3 border-t pt-4">
        {footer}
        <ToolSubmitButton icon={Search} disabled={busy || disabled}>
          {busy ? t("form.starting") : t("form.submit")}
        </ToolSubmitButton>
      </div>
    </form>
  );
}
