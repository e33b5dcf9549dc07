// Free or Pro at a moment, from the account's profile: billing/subscriptions.ts planForUser's rule. Its own module with
// no imports, so code inside the account's object (schedules, deep research) can use it without reaching the object.
export function planOf(profile: { accessLevel: string; proUntil: number | null }, now: number): "free" | "pro" {
  if (profile.accessLevel !== "pro") return "free";
  return profile.proUntil === null || now < profile.proUntil ? "pro" : "free";
}
