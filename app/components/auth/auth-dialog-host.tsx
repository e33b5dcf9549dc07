// Mounts the auth dialog the first time something opens it (docs/product.md §2: overlays load on first open), and closes it
// once someone is signed in.
import { lazy, Suspense, useEffect, useState } from "react";
import { closeAuthDialog, useAuthDialog } from "~/lib/auth-dialog";
import { useRootData } from "~/components/root-data";
import { preloadStrings } from "~/lib/strings";

const AuthDialog = lazy(() => Promise.all([import("./auth-dialog"), preloadStrings(["auth"])]).then(([module]) => module));

export function AuthDialogHost() {
  const { isOpen } = useAuthDialog();
  const signedIn = Boolean(useRootData()?.user);
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    if (isOpen) setWanted(true);
  }, [isOpen]);

  useEffect(() => {
    if (signedIn && isOpen) closeAuthDialog();
  }, [signedIn, isOpen]);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog />
    </Suspense>
  );
}
