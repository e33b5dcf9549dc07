// Bench only (`npm run bench`, "Deep research: the app's own time per research step"): runs researches inside the
// account's object with a provider that answers at once, so the time measured is the app's own per step (reading the
// row, the note's write with its charge, the report's composition, its message and the final row), not the
// provider's; and the object's storage per report (the row's JSON and the report message). Refused unless APP_ENV is
// "development"; the route (dev.research-bench.ts) answers only on this machine.
import { eq } from "drizzle-orm";
import { accountSchema, type AccountContext } from "../account/schema";
import { AppError } from "../errors";
import { demoProvider, type LoopProvider } from "./loop";
import { openAiBackgroundEngine } from "./openai-background";
import { researchRunOperations } from "./runs";
import { runResearch } from "./steps";
import type { ResearchNote } from "./compose";

export const researchBenchOperations = {
  "bench.timeResearch": async (account: AccountContext, input: { items: number; researches: number }) => {
    if (account.env.APP_ENV !== "development") throw new AppError("request/not-found");
    const plan = Array.from({ length: input.items }, (_, n) => `Bench question ${n + 1} about heat pumps and their running costs`);
    // The provider's answers are made before the clock starts: the steps then time only the app's own work.
    const notes: ResearchNote[] = [];
    for (let step = 0; step < input.items; step++) notes.push(await demoProvider.note(plan[step]!, step, "en"));
    const instant: LoopProvider = { ...demoProvider, note: async (_item, step) => notes[step]! };
    let steps = 0;
    let elapsed = 0;
    let storageBytes = 0;
    for (let research = 0; research < input.researches; research++) {
      const id = crypto.randomUUID();
      // A day apart, so Pro's 10 a day never refuses one; each is then run on its own clock (below).
      const startedAt = Date.now() - research * 25 * 60 * 60 * 1000;
      const begun = await researchRunOperations["research.begin"](account, {
        id,
        threadId: crypto.randomUUID(),
        question: "How do heat pumps compare with gas boilers in cold climates?",
        plan,
        language: "en",
        engine: "loop",
        tier: "pro",
        link: "http://localhost/web-search/bench",
        now: startedAt,
      });
      if (!begun.ok) throw new AppError("request/invalid");
      const started = Date.now();
      for (let wake = 0; wake <= input.items; wake++) {
        // Its own start's time: with the wall clock a research begun days ago would end at once on the time bound,
        // unwritten, and the figures would time nothing and store no report.
        await runResearch(account, startedAt + (Date.now() - started), { loop: instant, openai: openAiBackgroundEngine });
        steps += 1;
      }
      elapsed += Date.now() - started;
      const row = account.db.select().from(accountSchema.researchRuns).where(eq(accountSchema.researchRuns.id, id)).get()!;
      // A figure of researches that did not finish would time and store something else.
      if (row.status !== "completed" || !row.reportMessageId) throw new Error(`bench: a research ended ${row.status}`);
      const message = account.db
        .select()
        .from(accountSchema.chatMessages)
        .where(eq(accountSchema.chatMessages.id, row.reportMessageId ?? ""))
        .get();
      const rowBytes = [row.question, row.plan, row.notes, row.report ?? "", row.link].reduce((sum, text) => sum + new TextEncoder().encode(text).length, 0);
      storageBytes = rowBytes + new TextEncoder().encode(message?.content ?? "").length;
    }
    return { perStepMs: elapsed / steps, steps, storageBytes };
  },
};
