import { routeStrings } from "~/lib/i18n";
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/.server/page";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { fieldClass, Options } from "~/components/ui/field";
import { ToolScreen } from "~/components/tools/tool-screen";
import { titleMeta } from "~/lib/meta";
import { isHoroscopeType } from "~/lib/horoscope-options";
import { HOROSCOPE_TYPES } from "~/lib/tools";
import { Button } from "~/components/ui/button";

export const handle = routeStrings("tools", "horoscope");

export async function loader({ request }: LoaderFunctionArgs) {
  // The type choice below is a plain GET form (it works before the page's script loads): a valid type opens it,
  // a missing or unknown one (also from /horoscope/<unknown>) asks for a type (docs/product.md §5).
  const type = new URL(request.url).searchParams.get("type");
  if (type !== null && isHoroscopeType(type)) throw redirect(`/horoscope/${type}`);
  return { title: await pageTitle(request, "tools", "horoscope.title"), missingType: type !== null };
}

export const meta = titleMeta;

/** docs/product.md §2: the horoscope requires choosing a type first. */
export default function HoroscopeTypes() {
  const data = useLoaderData<typeof loader>();
  const { t: th } = useTranslation("horoscope");
  const { t } = useTranslation("tools");
  const id = useId();
  return (
    <ToolScreen tool="horoscope">
      <Form method="get" className="mb-8 flex flex-wrap items-end gap-3" noValidate>
        <div className="flex min-w-56 flex-col gap-1.5">
          <label htmlFor={`${id}-type`} className="text-sm font-medium">
            {th("form.typeLabel")}
          </label>
          <select
            id={`${id}-type`}
            name="type"
            defaultValue=""
            aria-invalid={data.missingType ? true : undefined}
            aria-describedby={data.missingType ? `${id}-type-error` : undefined}
            className={fieldClass}
          >
            <option value="">{th("form.chooseType")}</option>
            <Options values={HOROSCOPE_TYPES} label={(type) => t(`horoscope.types.${type}.title`)} />
          </select>
        </div>
        <Button type="submit" variant="primary" size="lg">
          {th("form.continue")}
        </Button>
        {data.missingType && (
          <p id={`${id}-type-error`} role="alert" className="w-full text-sm text-danger">
            {t("horoscope.chooseType")}
          </p>
        )}
      </Form>
      <h2 className="mb-3 text-sm font-medium text-muted-foreground">{t("horoscope.typesLabel")}</h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {HOROSCOPE_TYPES.map((type) => (
          <li key={type}>
            <Link to={`/horoscope/${type}`} className="block h-full rounded-xl border p-4 hover:border-primary hover:bg-accent/40">
              <span className="block font-medium">{t(`horoscope.types.${type}.title`)}</span>
              <span className="mt-1 block text-sm text-muted-foreground">{t(`horoscope.types.${type}.description`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </ToolScreen>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
