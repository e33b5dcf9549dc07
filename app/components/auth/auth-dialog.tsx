// The auth dialog (docs/product.md §2/§3): steps sign-in (first), sign-up, forgot-password and email-link, over whatever page is open.
// Signing in comes back to the same page.
import * as Dialog from "@radix-ui/react-dialog";
import { useLocation } from "@remix-run/react";
import { X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { closeAuthDialog, setAuthDialogStep, useAuthDialog } from "~/lib/auth-dialog";
import { EmailLinkForm, ForgotPasswordForm } from "./email-only-form";
import { SignInForm, SignUpForm } from "./forms";

const TITLES = { "sign-in": "login.title", "sign-up": "signUp.title", "forgot-password": "forgotPassword.title", "email-link": "emailLink.title" } as const;
const DESCRIPTIONS = {
  "sign-in": "login.description",
  "sign-up": "signUp.description",
  "forgot-password": "forgotPassword.description",
  "email-link": "emailLink.description",
} as const;

export default function AuthDialog() {
  const { t } = useTranslation("auth");
  const { t: tc } = useTranslation();
  const { isOpen, step } = useAuthDialog();
  const location = useLocation();
  const redirectTo = `${location.pathname}${location.search}`;
  return (
    <Dialog.Root open={isOpen} onOpenChange={(open) => !open && closeAuthDialog()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border bg-card p-6 shadow-xl">
          <Dialog.Close className="absolute right-3 top-3 rounded-md p-2 hover:bg-muted" aria-label={tc("close")}>
            <X className="size-4" aria-hidden />
          </Dialog.Close>
          <Dialog.Title className="pr-8 text-xl font-semibold">{t(TITLES[step])}</Dialog.Title>
          <Dialog.Description className="mb-5 mt-1 text-sm text-muted-foreground">{t(DESCRIPTIONS[step])}</Dialog.Description>
          {step === "sign-in" && <SignInForm key="sign-in" redirectTo={redirectTo} onStep={setAuthDialogStep} />}
          {step === "sign-up" && <SignUpForm key="sign-up" redirectTo={redirectTo} onStep={setAuthDialogStep} />}
          {step === "forgot-password" && <ForgotPasswordForm key="forgot" redirectTo={redirectTo} onStep={setAuthDialogStep} />}
          {step === "email-link" && <EmailLinkForm key="email-link" redirectTo={redirectTo} onStep={setAuthDialogStep} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
