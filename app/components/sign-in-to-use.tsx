// The pages of an account's own things (/projects, /schedules): their frame, what a visitor sees instead of the page,
// and the one muted line of an empty list.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { openAuthDialog } from "~/lib/auth-dialog";
import { Button } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";

/**
 * The page's header and column; a visitor gets the namespace's `signIn` and `signInButton` instead of `children`. The
 * header's description is the namespace's `intro`.
 */
export function AccountThingsPage({
  namespace,
  title,
  icon,
  visitor,
  children,
}: {
  namespace: "projects" | "schedules";
  title: string;
  icon: ReactNode;
  visitor: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation(namespace);
  return (
    <div className="flex flex-1 flex-col">
      <PageHeader title={title} description={t("intro")} icon={icon} />
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6">
        {visitor ? <SignInToUse text={t("signIn")} button={t("signInButton")} /> : children}
      </div>
    </div>
  );
}

/** Why to sign in (`text`) and a button (`button`) that opens the sign-in dialog. */
export function SignInToUse({ text, button }: { text: string; button: string }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-sm text-muted-foreground">{text}</p>
      <Button type="button" variant="primary" size="md" onClick={() => openAuthDialog("sign-in")}>
        {button}
      </Button>
    </div>
  );
}

/** The list when there is nothing in it yet. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted-foreground">{children}</p>;
}
