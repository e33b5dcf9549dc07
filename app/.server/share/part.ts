// Sharing's part of an account (decision 0034): the snapshot a link is made from and a shared chat continued here
// are read and written in the account's chat tables; the links themselves are in D1 (share/links.ts), found by owner.
import { accountPart } from "../account/part";
import { continueShareOperations, shareOperations } from "./operations";

export const sharePart = accountPart({
  name: "share",
  tables: [],
  folders: [],
  operations: { ...shareOperations, ...continueShareOperations },
});
