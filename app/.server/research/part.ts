// Deep research's part of an account (decision 0034, decision 0043): the research rows. The
// report itself is also the thread's answer message, so it is exported, searched and deleted with the chats.
import { accountPart } from "../account/part";
import { accountSchema } from "../account/schema";
import { researchBenchOperations } from "./bench";
import { RESEARCH_TASK, researchRunOperations } from "./runs";
import { cancelResearch, runResearch } from "./steps";

export const researchPart = accountPart({
  name: "research",
  tables: [
    {
      table: accountSchema.researchRuns,
      export: { notExported: "the report is the thread's answer message, exported with the chats" },
      quota: { notCounted: "at most 10 a day, each report capped at 64 KB" },
      handOver: { notHandedOver: "a visitor cannot start a deep research" },
    },
  ],
  folders: [],
  operations: {
    ...researchRunOperations,
    ...researchBenchOperations,
    "research.cancel": (account, id: string) => cancelResearch(account, id),
  },
  alarms: { [RESEARCH_TASK]: (account, now) => runResearch(account, now) },
});
