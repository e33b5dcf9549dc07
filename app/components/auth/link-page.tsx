// What an e-mail link's page shows (decision 0020): the account the link is for, masked, and the one button that uses
// the link; or why the link cannot be used. Shared by the sign-in link and the verification link.
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert, SubmitButton } from "./fields";

export function LinkConfirmation({
  title,
  body,
  maskedEmail,
  fields,
  button,
  error,
  note,
}: {
  title: string;
  body: string;
  maskedEmail: string;
  /** Hidden fields the button posts (the token, where to go next). */
  fields: Record<string, string>;
  button: string;
  /** The action's refusal, if the press failed. */
  error?: string | null;
  note?: ReactNode;
}) {
  const { t } = useTranslation("auth");
  const navigation = useNavigation();
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{body}</p>
      </div>
      <p className="text-sm" data-testid="link-account">
        {t("linkPage.account")} <strong className="font-medium">{maskedEmail}</strong>
      </p>
      {note && <p className="text-sm text-muted-foreground">{note}</p>}
      <Form method="post" className="flex flex-col gap-4">
        <FormAlert code={error} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <SubmitButton busy={navigation.state !== "idle"}>{button}</SubmitButton>
      </Form>
    </div>
  );
}

export function LinkProblem({ title, code, children }: { title: string; code: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <FormAlert code={code} />
      {children}
    </div>
  );
}
