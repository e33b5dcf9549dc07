// The account forms' zod schemas (shared by browser and server) give docs/product.md §5's messages, and redirect targets
// after sign-in can never leave the site.
import { describe, expect, it } from "vitest";
import en from "../../locales/en/auth.json";
import { isGuardedPath, loginPath, safeRedirectPath } from "../../app/lib/auth";
import { checkForm, checkPhotoFile, displayNameSchema, forgotPasswordSchema, newPasswordSchema, signInSchema, signUpSchema } from "../../app/lib/schemas/auth";

const errorsOf = (result: ReturnType<typeof checkForm>) => (result.success ? {} : result.fieldErrors);

describe("form schemas", () => {
  it("use docs/product.md §5's exact English messages", () => {
    expect(en.validation).toMatchObject({
      required: "This field is required",
      invalidEmail: "Invalid email address",
      passwordLength: "Password must be at least 8 characters long",
    });
    expect(en.validation.passwordsMatch).toMatch(/must match/);
  });

  it("sign-up: every field required, a real email, 8 to 20 characters, matching passwords", () => {
    expect(errorsOf(checkForm(signUpSchema, {}))).toEqual({
      displayName: "validation.required",
      email: "validation.required",
      password: "validation.required",
      confirmPassword: "validation.required",
    });
    expect(errorsOf(checkForm(signUpSchema, { displayName: "A", email: "a@b", password: "1234567", confirmPassword: "1234567" }))).toMatchObject({
      email: "validation.invalidEmail",
      password: "validation.passwordLength",
    });
    expect(errorsOf(checkForm(signUpSchema, { displayName: "A", email: "a@b.co", password: "a".repeat(21), confirmPassword: "a".repeat(21) }))).toEqual({
      password: "validation.passwordLength",
    });
    expect(errorsOf(checkForm(signUpSchema, { displayName: "A", email: "a@b.co", password: "river-stone", confirmPassword: "river-stone!" }))).toEqual({
      confirmPassword: "validation.passwordsMatch",
    });
    const ok = checkForm(signUpSchema, { displayName: " Ada ", email: " Ada@Example.com ", password: " 8 chars ", confirmPassword: " 8 chars " });
    expect(ok).toEqual({ success: true, data: { displayName: "Ada", email: "Ada@Example.com", password: " 8 chars ", confirmPassword: " 8 chars " } });
    expect(
      checkForm(signUpSchema, { displayName: "A", email: "a@b.co", password: "river-stone-cloud-42", confirmPassword: "river-stone-cloud-42" }).success,
    ).toBe(true);
  });

  it("refuses a weak password (docs/product.md §8) at sign-up and reset, under the password field", () => {
    const signUp = (password: string, extra: Record<string, string> = {}) =>
      errorsOf(checkForm(signUpSchema, { displayName: "Ada Lovelace", email: "ada.l@example.com", password, confirmPassword: password, ...extra }));
    for (const weak of [
      "password1",
      "P@ssw0rd!",
      "12345678",
      "87654321",
      "abcdefgh",
      "qwertyuiop",
      "aaaaaaaa",
      "abababab",
      "sunshine2024",
      "lovelace-99",
      "ada.l-secret",
    ]) {
      expect(signUp(weak), weak).toEqual({ password: "validation.weakPassword" });
    }
    for (const fine of ["bluecactusriver", "verify-pass1", "Tea at 5, not 6"])
      expect(checkForm(signUpSchema, { displayName: "Ada", email: "a@b.co", password: fine, confirmPassword: fine }).success, fine).toBe(true);
    expect(errorsOf(checkForm(newPasswordSchema, { password: "password1", confirmPassword: "password1" }))).toEqual({ password: "validation.weakPassword" });
    // Sign-in still accepts whatever an older account has.
    expect(checkForm(signInSchema, { email: "a@b.co", password: "password1" }).success).toBe(true);
  });

  it("sign-in only requires a password (old passwords must keep working); reset and connect apply the rules", () => {
    expect(checkForm(signInSchema, { email: "a@b.co", password: "short" }).success).toBe(true);
    expect(errorsOf(checkForm(signInSchema, { email: "", password: "" }))).toEqual({ email: "validation.required", password: "validation.required" });
    expect(errorsOf(checkForm(forgotPasswordSchema, { email: "nope" }))).toEqual({ email: "validation.invalidEmail" });
    expect(errorsOf(checkForm(newPasswordSchema, { password: "short", confirmPassword: "short" }))).toEqual({ password: "validation.passwordLength" });
    expect(errorsOf(checkForm(displayNameSchema, { displayName: "x".repeat(51) }))).toEqual({ displayName: "validation.displayNameLength" });
  });

  it("reads FormData, ignoring files", () => {
    const form = new FormData();
    form.set("email", "a@b.co");
    form.set("password", "secret");
    form.set("file", new File(["x"], "x.png"));
    expect(checkForm(signInSchema, form)).toEqual({ success: true, data: { email: "a@b.co", password: "secret" } });
  });
});

describe("profile photo pre-check", () => {
  it("accepts JPEG and PNG up to 5 MB", () => {
    expect(checkPhotoFile(new File(["x"], "me.jpg", { type: "image/jpeg" }))).toBeNull();
    expect(checkPhotoFile(new File(["x"], "me.png", { type: "image/png" }))).toBeNull();
    expect(checkPhotoFile(new File(["x"], "me.gif", { type: "image/gif" }))).toBe("upload/invalid-type");
    expect(checkPhotoFile(new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.png", { type: "image/png" }))).toBe("upload/avatar-too-large");
    expect(checkPhotoFile(null)).toBe("request/invalid");
  });
});

describe("redirect targets", () => {
  it("keep a person on this site and out of the auth pages", () => {
    expect(safeRedirectPath("/settings/account?tab=1")).toBe("/settings/account?tab=1");
    for (const unsafe of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "/auth/login",
      "/auth",
      "",
      null,
      "/a\nb",
      "/a\\b",
    ]) {
      expect(safeRedirectPath(unsafe), String(unsafe)).toBe("/web-main");
    }
    expect(loginPath("/gallery")).toBe("/auth/login?redirectTo=%2Fgallery");
    expect(loginPath("//evil")).toBe("/auth/login");
  });

  it("know which screens need an account", () => {
    for (const path of ["/settings", "/settings/account", "/payment/demo-checkout?session=x"]) expect(isGuardedPath(path), path).toBe(true);
    // The gallery and the plans page have a visitor's view (decision 0020).
    for (const path of ["/web-main", "/gallery", "/payment?period=year", "/galleryx", "/auth/login", "/horoscope/daily"])
      expect(isGuardedPath(path), path).toBe(false);
  });
});
