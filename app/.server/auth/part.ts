// Signing in's part of an account (decision 0034): the person's sessions and the profile a signed-in request needs,
// kept in their own object so that a request is authenticated without a shared read (decision 0039). The accounts
// themselves (users, login connections, passkeys) stay in D1, where sign-in finds them across accounts.
import { accountPart } from "../account/part";
import { accountSchema } from "../account/schema";
import { sessionOperations } from "./session-operations";

export const authPart = accountPart({
  name: "auth",
  tables: [
    {
      table: accountSchema.sessions,
      // Each device and its dates, never the id (the token's hash): exports/sign-in.ts.
      export: { archive: ["sign-in/sessions.json"] },
      quota: { notCounted: "a row per signed-in device" },
      handOver: { notHandedOver: "a visitor has no sessions" },
    },
    {
      table: accountSchema.viewerProfile,
      export: { notExported: "a copy of the profile the archive already has from D1" },
      quota: { notCounted: "one row" },
      handOver: { notHandedOver: "a visitor has no profile" },
    },
  ],
  folders: [],
  operations: sessionOperations,
});
