// The read-aloud cache's rows in the account's object (decision 0013, decision 0025): an answer's audio is kept in R2
// only if it fits the storage quota, decided here as its row is written; past the quota it is played and not kept.
import { eq } from "drizzle-orm";
import { accountSchema, type AccountContext } from "../account/schema";
import { fitsStorageQuota } from "../account/usage";

const { speechAudio, chatMessages } = accountSchema;

export const speechCacheOperations = {
  /**
   * Records the cached audio of `messageId`; false (nothing recorded: the caller deletes its file again) when it no
   * longer fits `quotaBytes` or the answer is gone meanwhile. Recording the same file again replaces its size.
   */
  "speech.keep": (account: AccountContext, input: { r2Key: string; messageId: string; bytes: number; quotaBytes?: number }): boolean =>
    account.db.transaction((tx) => {
      if (!tx.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.id, input.messageId)).get()) return false;
      tx.delete(speechAudio).where(eq(speechAudio.r2Key, input.r2Key)).run();
      if (!fitsStorageQuota(account, input.bytes, input.quotaBytes)) return false;
      tx.insert(speechAudio).values({ r2Key: input.r2Key, messageId: input.messageId, ownerId: account.accountId, bytes: input.bytes }).run();
      return true;
    }),
};
