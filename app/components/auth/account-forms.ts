// The account forms' checks for lib/use-form.ts: each is its schema from lib/schemas/auth.ts, which (with zod, 24 KB
// gzip) is fetched when one of these forms is first focused, not with the page (decision 0019). One fetch serves all.
import { useTranslation } from "react-i18next";
import type * as AuthSchemas from "~/lib/schemas/auth";
import { importOnce, lazyForm } from "~/lib/schemas/lazy";

type Schemas = typeof AuthSchemas;
const loadSchemas = importOnce(() => import("~/lib/schemas/auth"));
const accountForm = <T>(pick: (schemas: Schemas) => AuthSchemas.FormSchema<T>) =>
  lazyForm(() => loadSchemas().then((schemas) => schemas.authCheck(pick(schemas))));

export const signInForm = accountForm((schemas) => schemas.signInSchema);
export const signUpForm = accountForm((schemas) => schemas.signUpSchema);
export const forgotPasswordForm = accountForm((schemas) => schemas.forgotPasswordSchema);
export const signInLinkForm = accountForm((schemas) => schemas.signInLinkSchema);
export const newPasswordForm = accountForm((schemas) => schemas.newPasswordSchema);
export const displayNameForm = accountForm((schemas) => schemas.displayNameSchema);
export const confirmPasswordForm = accountForm((schemas) => schemas.confirmPasswordSchema);
export const confirmWithCodeForm = accountForm((schemas) => schemas.confirmWithCodeSchema);
export const twoStepCodeForm = accountForm((schemas) => schemas.twoStepCodeSchema);
export const passkeyNameForm = accountForm((schemas) => schemas.passkeyNameSchema);

/** The account forms word their schemas' keys in the auth namespace. */
export function useAuthWords(): (key: string) => string {
  return useTranslation("auth").t;
}
