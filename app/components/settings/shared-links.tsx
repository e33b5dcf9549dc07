import { Link } from "@remix-run/react";
import { ExternalLink } from "lucide-react";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "~/lib/toast";
import { useActionFailureToast, useApiAction } from "~/lib/use-api-action";
import { Button } from "~/components/ui/button";

export interface SharedLinkView {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
}

function SharedLinkRow({ link }: { link: SharedLinkView }) {
  const { t, i18n } = useTranslation("settings");
  const revoke = useApiAction();
  const toastFailure = useActionFailureToast();
  // UTC on both sides, so the server's render and the browser's agree.
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(link.createdAt));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void revoke.submit(event.currentTarget.getAttribute("action") ?? "", new FormData(event.currentTarget)).then((result) => {
      if (result.ok) notify("success", t("account.sharedLinks.revoked"));
      else toastFailure(result);
    });
  };
  return (
    <li className="flex flex-wrap items-center gap-3 py-2" data-testid="shared-link">
      <div className="flex min-w-0 flex-1 flex-col">
        <Link to={`/share/${link.id}`} className="inline-flex min-w-0 items-center gap-1 truncate text-sm font-medium hover:underline">
          <span className="truncate">{link.title}</span>
          <ExternalLink className="size-3.5 shrink-0" aria-hidden />
        </Link>
        <span className="text-xs text-muted-foreground">
          <time dateTime={new Date(link.createdAt).toISOString()}>{t("account.sharedLinks.sharedOn", { date })}</time>
        </span>
      </div>
      <form method="post" action={`/api/shares/${link.id}`} onSubmit={submit}>
        <input type="hidden" name="intent" value="revoke" />
        <Button
          type="submit"
          disabled={revoke.state !== "idle"}
          aria-label={t("account.sharedLinks.revokeLabel", { title: link.title })}
          variant="danger-outline"
          size="sm"
          className="font-medium"
        >
          {t("account.sharedLinks.revoke")}
        </Button>
      </form>
    </li>
  );
}

/** Settings › Account: the chats this person shared, each with its date and "Revoke" (decision 0015). */
export function SharedLinks({ links }: { links: SharedLinkView[] }) {
  const { t } = useTranslation("settings");
  if (links.length === 0) return <p className="text-sm text-muted-foreground">{t("account.sharedLinks.empty")}</p>;
  return (
    <ul className="flex flex-col divide-y" aria-label={t("account.sharedLinks.heading")}>
      {links.map((link) => (
        <SharedLinkRow key={link.id} link={link} />
      ))}
    </ul>
  );
}
