// Schedules' part of an account (decision 0034, docs/decisions/0045-schedules.md): the schedules and their run
// history and their operations; the object's alarm runs the due ones in order (account/object.ts).
import { accountPart } from "../account/part";
import { accountSchema, type AccountContext } from "../account/schema";
import { pushToDevices } from "../notifications/push";
import type { PushMessage } from "../notifications/types";
import { scheduleOperations } from "./operations";

const SMALL_ROWS = { notCounted: "at most 25 schedules of at most 2,000 characters, and their last 50 runs" } as const;
const ACCOUNTS_ONLY = { notHandedOver: "a visitor has no schedules: making one needs an account" } as const;
const EXPORTED = { archive: ["schedules.json"] } as const;

export const schedulesPart = accountPart({
  name: "schedules",
  tables: [
    { table: accountSchema.schedules, export: EXPORTED, quota: SMALL_ROWS, handOver: ACCOUNTS_ONLY },
    { table: accountSchema.scheduleRuns, export: EXPORTED, quota: SMALL_ROWS, handOver: ACCOUNTS_ONLY },
  ],
  folders: [],
  operations: {
    ...scheduleOperations,
    /** A run's notification, sent from inside the object as the push module requires. */
    "schedules.push": (account: AccountContext, message: PushMessage) => pushToDevices(account, "schedule", message),
  },
  // Its alarm task ("schedules") is the object's own (account/object.ts): a run starts a turn through chat/turns.ts,
  // which reaches the account's object, and the parts' list must not import that way round (decision 0021).
});
