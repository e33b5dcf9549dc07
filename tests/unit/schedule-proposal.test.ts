// Schedules made in words (app/lib/schedule-proposal.ts): plain en/tr sentences become a proposed schedule; questions
// and sentences without a repeat or a time propose nothing.
import { describe, expect, it } from "vitest";
import { proposalFields, proposeSchedule } from "../../app/lib/schedule-proposal";
import { scheduleFormSchema } from "../../app/lib/schemas/schedules";

/** Sentences people write, in each language, and the schedule each proposes: all of it where a prompt is given, else the parts named. */
const REQUESTS: Record<string, [text: string, proposal: object][]> = {
  English: [
    [
      "remind me every weekday at 8 to stretch",
      { prompt: "Remind me to stretch", tool: "chat", rule: { kind: "weekdays", days: [1, 2, 3, 4, 5], time: "08:00" } },
    ],
    ["Every Monday at 9:30 give me a news summary", { prompt: "Give me a news summary", tool: "chat", rule: { kind: "weekdays", days: [1], time: "09:30" } }],
    ["send me my daily horoscope at 7", { prompt: "Send me my horoscope", tool: "horoscope", reading: "daily", rule: { kind: "daily", time: "07:00" } }],
    ["every Monday and Thursday at 6pm remind me to call mum", { rule: { kind: "weekdays", days: [1, 4], time: "18:00" } }],
    ["remind me every month on the 1st at 9am to pay rent", { rule: { kind: "monthly", day: 1, time: "09:00" } }],
    ["send me the Leo horoscope every day at 7:15", { tool: "horoscope", sign: "leo", rule: { kind: "daily", time: "07:15" } }],
  ],
  Turkish: [
    ["her hafta içi 8'de esnemeyi hatırlat", { prompt: "Esnemeyi hatırlat", tool: "chat", rule: { kind: "weekdays", days: [1, 2, 3, 4, 5], time: "08:00" } }],
    ["her gün 7'de günlük burcumu gönder", { prompt: "Günlük burcumu gönder", tool: "horoscope", reading: "daily", rule: { kind: "daily", time: "07:00" } }],
    ["her pazartesi 9:30'da haber özeti ver", { prompt: "Haber özeti ver", tool: "chat", rule: { kind: "weekdays", days: [1], time: "09:30" } }],
    ["her salı ve cuma 18:00'de spor yapmamı hatırlat", { rule: { kind: "weekdays", days: [2, 5], time: "18:00" } }],
    ["her pazar 10'da annemi aramamı hatırlat", { rule: { kind: "weekdays", days: [0], time: "10:00" } }],
    ["her ayın 15'inde saat 9'da kirayı hatırlat", { rule: { kind: "monthly", day: 15, time: "09:00" } }],
  ],
};

describe.each(Object.entries(REQUESTS))("schedule proposals in %s", (_language, requests) => {
  it.each(requests)("reads %j", (text, proposal) => {
    if ("prompt" in proposal) expect(proposeSchedule(text)).toEqual(proposal);
    else expect(proposeSchedule(text)).toMatchObject(proposal);
  });
});

describe("schedule proposals", () => {
  it("proposes nothing for questions or sentences without a repeat and a time", () => {
    for (const text of [
      "what time is it at 8",
      "what do I do every day at 8?",
      "remind me to stretch",
      "remind me every day to stretch",
      "send me a poem at 7",
      "saat kaç",
      "her gün ne yapmalıyım?",
      "remind me every day at 25 to stretch",
    ])
      expect(proposeSchedule(text), text).toBeNull();
  });

  it("makes the fields the schedule form accepts", () => {
    const schema = scheduleFormSchema({ plan: "free", now: Date.now() });
    const weekday = proposeSchedule("remind me every weekday at 8 to stretch")!;
    expect(schema.parse(proposalFields(weekday, "Europe/Istanbul"))).toMatchObject({
      rule: { kind: "weekdays", days: [1, 2, 3, 4, 5], time: "08:00" },
      timeZone: "Europe/Istanbul",
    });
    const leo = proposeSchedule("send me the Leo horoscope every day at 7")!;
    expect(schema.parse(proposalFields(leo, "UTC"))).toMatchObject({ tool: "horoscope", reading: "daily", sign: "leo" });
  });
});
