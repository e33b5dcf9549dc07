import { routeStrings } from "~/lib/i18n";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { checkoutFromForm, loadPaymentPage } from "~/.server/billing/screen";
import { pageAction } from "~/.server/http/auth";
import { PlansScreen } from "~/components/billing/plans-screen";
import { SuccessScreen } from "~/components/billing/success-screen";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { titleMeta } from "~/lib/meta";

export const handle = routeStrings("billing");

export const loader = ({ request, context }: LoaderFunctionArgs) => loadPaymentPage(request, context);

export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  return redirect(await checkoutFromForm(request, context));
});

export const meta = titleMeta;

export default function Payment() {
  const data = useLoaderData<typeof loader>();
  return data.view === "success" ? <SuccessScreen data={data} /> : <PlansScreen data={data} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
