// The account queues' message shapes, apart from the consumers that call the account's object, so the environment's
// type (env.ts, which the object's own modules read) names them without importing account/client.ts (decision 0034).
export interface AccountDeletionMessage {
  accountId: string;
}

export interface AccountMoveMessage {
  accountId: string;
}

/** The producer side of the account-moves queue (optional: a deployment with nothing to move leaves it out). */
export interface AccountMovesQueue {
  sendBatch(messages: Iterable<{ body: AccountMoveMessage }>): Promise<unknown>;
}
