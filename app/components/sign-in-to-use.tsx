// The pages of an account's own things (/projects, /schedules): what a visitor sees instead of the page, and the one
// muted line of an empty list.
import type { ReactNode } from "react";
import { openAuthDialog } from "~/lib/auth-dialog";
import { Button } from "~/components/ui/button";

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
