import { redirect, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { verifyEmail } from "~/.server/auth/accounts";
import { isAppError, type ErrorCode } from "~/.server/errors";
import { getViewer } from "~/.server/identity";
import { pageTitle } from "~/.server/page";
import { FormAlert } from "~/components/auth/fields";
import { titleMeta } from "~/lib/meta";

export const headers: HeadersFunction = () => ({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" });

export const meta: MetaFunction<typeof loader> = (args) => [...titleMeta(args), { name: "referrer", content: "no-referrer" }];

/** The activation link: verifies the address, then sends the person on to sign in (or back to settings). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  let problem: ErrorCode;
  try {
    const user = await verifyEmail(context.env, token);
    const viewer = await getViewer(request, context);
    throw redirect(viewer.kind === "user" && viewer.user.id === user.id ? "/settings/account?notice=email-verified" : "/auth/login?notice=verified", {
      headers: { "Referrer-Policy": "no-referrer" },
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    problem = error.code;
  }
  return { title: await pageTitle(request, "auth", "verifyEmail.title"), problem };
}

export default function Screen() {
  const { t } = useTranslation("auth");
  const { problem } = useLoaderData<typeof loader>();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t("verifyEmail.failedTitle")}</h1>
      <FormAlert code={problem} />
      <p className="text-sm text-muted-foreground">{t("verifyEmail.failedBody")}</p>
      <Link to="/auth/login" className="font-medium text-primary underline-offset-4 hover:underline">
        {t("verifyEmail.toSignIn")}
      </Link>
    </div>
  );
}
