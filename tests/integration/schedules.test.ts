// Schedules (docs/decisions/0045-schedules.md): made through /api/schedules with field errors and the plan's
// limits; run by the account object's alarm on the app clock as ordinary turns in their own thread, keeping wall-clock
// time across daylight saving, once after downtime; "Run now"; and nothing after the account is erased.
import { env, runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { setClockOffset } from "../../app/.server/clock";
import { signedInClient } from "./auth-helpers";
import { clockAt, createSchedule, newSchedule, runAlarm, scheduleAction, scheduleRows, threadOf } from "./schedules-helpers";

afterEach(() => setClockOffset(0));

const iso = (at: number | null | undefined) => (at ? new Date(at).toISOString() : at);

describe("schedules: made by their owner", { timeout: 60_000 }, () => {
  it("refuses a long prompt, a past one-off, an unknown zone and a too-frequent rule with field errors, scheduling nothing", async () => {
    const { client, user } = await signedInClient();
    const long = await createSchedule(client, { prompt: "x".repeat(2001) });
    expect(long).toMatchObject({
      status: 400,
      json: { error: { code: "request/invalid", fieldErrors: { prompt: "The prompt can be at most 2,000 characters." } } },
    });
    const past = await createSchedule(client, { repeat: "once", date: "2020-01-01" });
    expect(past.json.error?.fieldErrors).toEqual({ date: "This date and time has already passed." });
    const zone = await createSchedule(client, { timeZone: "Mars/Olympus_Mons" });
    expect(zone.json.error?.fieldErrors).toEqual({ timeZone: "This time zone is not known." });
    const often = await createSchedule(client, { repeat: "hourly", time: "00:15" });
    expect(often.json.error?.fieldErrors).toEqual({ repeat: "Your plan allows schedules at most once a day." });
    const inTurkish = client.withEnv(client.env);
    inTurkish.cookies.set("locale", "tr");
    const turkish = await createSchedule(inTurkish, { prompt: "" });
    expect(turkish.json.error?.fieldErrors).toEqual({ prompt: "Asistanın ne yapacağını yazın." });
    expect((await scheduleRows(user.id)).schedules).toEqual([]);
  });

  it("keeps Free to 2 schedules (a one-off counts) and lets Pro run hourly", async () => {
    const { client, user } = await signedInClient();
    await newSchedule(client, { repeat: "once", date: "2099-01-01" });
    await newSchedule(client);
    const third = await createSchedule(client);
    expect(third).toMatchObject({ status: 409, json: { error: { code: "schedule/limit" } } });
    expect((await scheduleRows(user.id)).schedules).toHaveLength(2);
    const pro = await signedInClient({ accessLevel: "pro" });
    expect((await createSchedule(pro.client, { repeat: "hourly", time: "00:15" })).status).toBe(201);
  });
});

describe("schedules: run by the account's alarm", { timeout: 120_000 }, () => {
  it("a daily schedule missed for days runs once, as a turn in its own thread titled with its name", async () => {
    const { client, user } = await signedInClient();
    const made = await newSchedule(client, { name: "Sea facts", timeZone: "America/New_York" });
    expect(made.nextRunAt).not.toBeNull();
    // Three days of downtime after its first run was due.
    clockAt(made.nextRunAt! + 3 * 24 * 60 * 60 * 1000 + 60_000);
    await runAlarm(user.id);
    const { schedules, runs } = await scheduleRows(user.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: "ok", note: "noDevices" });
    const thread = await threadOf(user.id, schedules[0]!.threadId!);
    expect(thread.title).toBe("Sea facts");
    expect(thread.answers).toHaveLength(1);
    expect(thread.answers[0]).toMatch(/demo/i);
    // The next run is tomorrow's 08:00 in New York, after now: not one per missed day.
    expect(new Date(schedules[0]!.nextRunAt!).getTime()).toBeGreaterThan(made.nextRunAt! + 3 * 24 * 60 * 60 * 1000);
    await runAlarm(user.id);
    expect((await scheduleRows(user.id)).runs).toHaveLength(1);
  });

  it("weekday and monthly rules keep their wall-clock time across daylight saving (New York, Berlin)", async () => {
    const { client, user } = await signedInClient({ accessLevel: "pro" });
    clockAt("2027-03-12T12:00:00Z");
    const monday = await newSchedule(client, { name: "Monday", repeat: "weekdays", days: ["1"], timeZone: "America/New_York" });
    // Created on EST, runs on Monday 15 March on EDT: 08:00 local is 12:00 UTC.
    expect(iso(monday.nextRunAt)).toBe("2027-03-15T12:00:00.000Z");
    clockAt("2027-03-01T00:00:00Z");
    const monthly = await newSchedule(client, { name: "Month end", repeat: "monthly", dayOfMonth: "31", time: "09:30", timeZone: "Europe/Berlin" });
    expect(iso(monthly.nextRunAt)).toBe("2027-03-31T07:30:00.000Z");
    clockAt("2027-03-31T07:31:00Z");
    await runAlarm(user.id);
    const { schedules, runs } = await scheduleRows(user.id);
    // Both were due (Monday's first, being older), and ran in that order.
    expect(runs.map((run) => [schedules.find((row) => row.id === run.scheduleId)!.name, run.status])).toEqual([
      ["Monday", "ok"],
      ["Month end", "ok"],
    ]);
    const byName = Object.fromEntries(schedules.map((row) => [row.name, iso(row.nextRunAt)]));
    // April has 30 days: the 31st runs on the 30th, 09:30 CEST.
    expect(byName).toEqual({ Monday: "2027-04-05T12:00:00.000Z", "Month end": "2027-04-30T07:30:00.000Z" });
  });

  it("Run now answers in the schedule's thread; a paused schedule does not run; a deleted account runs nothing", async () => {
    const { client, user } = await signedInClient();
    const made = await newSchedule(client, { name: "Now" });
    const ran = await scheduleAction(client, made.id, "run");
    expect(ran).toMatchObject({ status: 200, json: { run: { status: "ok" } } });
    const { schedules } = await scheduleRows(user.id);
    expect((await threadOf(user.id, schedules[0]!.threadId!)).answers).toHaveLength(1);
    expect((await scheduleAction(client, made.id, "pause")).status).toBe(200);
    clockAt(made.nextRunAt! + 60_000);
    await runAlarm(user.id);
    expect((await scheduleRows(user.id)).runs).toHaveLength(1);

    expect((await scheduleAction(client, made.id, "resume")).status).toBe(200);
    const resumed = (await scheduleRows(user.id)).schedules[0]!;
    await runInDurableObject(env.ACCOUNT.get(env.ACCOUNT.idFromName(user.id)), (instance) =>
      (instance as unknown as { markErased(): Promise<string[]> }).markErased(),
    );
    clockAt(resumed.nextRunAt! + 60_000);
    await runAlarm(user.id);
    const left = await runInDurableObject(env.ACCOUNT.get(env.ACCOUNT.idFromName(user.id)), (_instance, state) =>
      state.storage.sql.exec("SELECT count(*) AS runs FROM schedule_runs").one(),
    );
    expect(left.runs).toBe(1);
  });

  it("another account's schedule is not found", async () => {
    const owner = await signedInClient();
    const stranger = await signedInClient();
    const made = await newSchedule(owner.client);
    expect(await scheduleAction(stranger.client, made.id, "run")).toMatchObject({ status: 404, json: { error: { code: "schedule/not-found" } } });
    expect(await scheduleAction(stranger.client, made.id, "delete")).toMatchObject({ status: 404 });
    expect((await scheduleRows(owner.user.id)).schedules).toHaveLength(1);
  });
});
