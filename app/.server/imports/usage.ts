// The storage an account's imported chats take (decision 0040-import-chatgpt): the text bytes recorded as each
// conversation was written. Chats written here are free (decision 0013); a whole history brought in at once is not.
import { sum } from "drizzle-orm";
import { accountSchema, type AccountDb } from "../account/schema";

export const importedChatsUsage = (db: AccountDb): number =>
  Number(
    db
      .select({ bytes: sum(accountSchema.importedConversations.bytes) })
      .from(accountSchema.importedConversations)
      .get()?.bytes ?? 0,
  );
