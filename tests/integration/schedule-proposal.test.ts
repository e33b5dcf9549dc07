// Schedules made in words (docs/decisions/0045-schedules.md, "Made in words"): a chat request answered by the demo
// provider is stored with its question, from which the answer's card reads the proposal (after a reload too);
// nothing is scheduled until "Create schedule" posts the card's fields to /api/schedules.
import { describe, expect, it } from "vitest";
import { proposalFields, proposeSchedule } from "../../app/lib/schedule-proposal";
import { signedInClient } from "./auth-helpers";
import { sendTurn, threadMessages } from "./chat-helpers";
import { post, scheduleRows } from "./schedules-helpers";

describe("schedules proposed in a chat", { timeout: 60_000 }, () => {
  it("a request answered offline proposes a schedule, and only Create schedule makes it", async () => {
    const { client, user } = await signedInClient();
    const turn = await sendTurn(client, { message: "remind me every weekday at 8 to stretch" });
    expect(turn.status).toBe(200);
    const [question, answer] = await threadMessages(user.id, turn.threadId!);
    expect(answer).toMatchObject({ role: "assistant", status: "complete" });
    const proposal = proposeSchedule(question!.content);
    expect(proposal).toEqual({ prompt: "Remind me to stretch", tool: "chat", rule: { kind: "weekdays", days: [1, 2, 3, 4, 5], time: "08:00" } });
    expect((await scheduleRows(user.id)).schedules).toEqual([]);

    const made = await post(client, "/api/schedules", proposalFields(proposal!, "Europe/Istanbul"));
    expect(made.status).toBe(201);
    const [row] = (await scheduleRows(user.id)).schedules;
    expect(row).toMatchObject({ prompt: "Remind me to stretch", tool: "chat", timeZone: "Europe/Istanbul" });
  });

  it("a horoscope request without a sign gets the form's field error on the card, scheduling nothing", async () => {
    const { client, user } = await signedInClient();
    const inTurkish = client.withEnv(client.env);
    inTurkish.cookies.set("locale", "tr");
    const proposal = proposeSchedule("her gün 7'de günlük burcumu gönder")!;
    const refused = await post(inTurkish, "/api/schedules", proposalFields(proposal, "Europe/Istanbul"));
    expect(refused).toMatchObject({ status: 400, json: { error: { fieldErrors: { sign: "Bir burç seçin." } } } });
    expect((await scheduleRows(user.id)).schedules).toEqual([]);
  });
});
