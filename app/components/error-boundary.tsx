import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { reportClientError } from "~/lib/error-reporter";
import { Button } from "~/components/ui/button";

/** Translated error screen for any route. Never shows a stack trace or internal message. */
export function RouteErrorBoundary({ fullPage = false }: { fullPage?: boolean }) {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportClientError("render", error);
  }, [error]);
  const title = notFound ? t("notFound.title") : t("errors:app/unknown");
  const body = notFound ? t("notFound.body") : t("errorPage.body");
  return (
    <main className={`flex flex-col items-center justify-center gap-4 p-8 text-center ${fullPage ? "min-h-dvh" : "min-h-[60vh]"}`}>
      {notFound && <p className="text-6xl font-bold text-muted-foreground">404</p>}
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="max-w-md text-muted-foreground">{body}</p>
      <div className="flex gap-3">
        {!notFound && (
          <Button type="button" onClick={() => window.location.reload()} variant="outline" size="md">
            {t("errorPage.retry")}
          </Button>
        )}
        <Link to="/web-main" className="rounded-md bg-primary px-4 py-2 text-sm text-primary-foreground">
          {t("notFound.home")}
        </Link>
      </div>
    </main>
  );
}
