// "Which dialog is open" is one value (decision 0021 "Client state"): opening a dialog closes the one that was open, and a late close of a
// dialog that was already replaced leaves the new one open.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { closeAuthDialog, openAuthDialog, setAuthDialogStep } from "../../app/lib/auth-dialog";
import {
  closeSubscriptionSuccessDialog,
  closeUpgradeDialog,
  closeWhatsAppDialog,
  dialogs,
  openUpgradeDialog,
  openWhatsAppDialog,
  showSubscriptionSuccessDialog,
} from "../../app/lib/ui-store";

const open = () => dialogs.get().openDialog;

beforeEach(() => dialogs.set(dialogs.initial));

describe("one open dialog", () => {
  it("starts with none open and the auth dialog on its first step", () => {
    expect(dialogs.get()).toEqual({ openDialog: null, upgradeReason: "generic", authStep: "sign-in", documentPage: null });
  });

  it("opening any dialog closes the one that was open", () => {
    const openers = [
      ["upgrade", () => openUpgradeDialog("credits")],
      ["subscription-success", showSubscriptionSuccessDialog],
      ["whatsapp", openWhatsAppDialog],
      ["auth", () => openAuthDialog("sign-up")],
    ] as const;
    for (const [first, openFirst] of openers) {
      for (const [second, openSecond] of openers) {
        dialogs.set(dialogs.initial);
        openFirst();
        expect(open()).toBe(first);
        openSecond();
        expect(open()).toBe(second);
      }
    }
  });

  it("closing a dialog that is not the open one changes nothing", () => {
    openUpgradeDialog("model");
    openAuthDialog("sign-in");
    closeUpgradeDialog();
    closeWhatsAppDialog();
    closeSubscriptionSuccessDialog();
    expect(open()).toBe("auth");
    closeAuthDialog();
    expect(open()).toBeNull();
  });

  it("keeps the upgrade dialog's reason and the auth dialog's step, and puts the step back on close", () => {
    openUpgradeDialog("whatsapp");
    closeUpgradeDialog();
    expect(dialogs.get().upgradeReason).toBe("whatsapp");
    openAuthDialog("forgot-password");
    setAuthDialogStep("email-link");
    expect(dialogs.get()).toMatchObject({ openDialog: "auth", authStep: "email-link" });
    closeAuthDialog();
    expect(dialogs.get()).toMatchObject({ openDialog: null, authStep: "sign-in" });
  });

  it("no component closes a dialog by hand before opening another (opening replaces it)", () => {
    // Closing first was how three booleans were kept exclusive; with one value it is a second write that means nothing.
    const app = new URL("../../app", import.meta.url).pathname;
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? files(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
      );
    const closeThenOpen = /close\w*Dialog\([^)]*\);\s*(open\w*Dialog|show\w*Dialog)\(/;
    expect(
      files(app)
        .filter((path) => closeThenOpen.test(readFileSync(path, "utf8")))
        .map((path) => relative(app, path)),
    ).toEqual([]);
  });
});
