// Where a schedule's answer goes (docs/decisions/0045-schedules.md): the mailbox, with a link that pauses the
// schedule only when its page's button is pressed (a scanner's GET pauses nothing); WhatsApp inside the 24-hour window
// as a message, outside it as the configured template or not at all (noted in the run history); and the schedules in
// "Download my data".
import { runInDurableObject } from "cloudflare:test";
import { strFromU8, unzipSync } from "fflate";
import type { WhatsAppNumber } from "../../app/.server/whatsapp/number-object";
import { describe, expect, it } from "vitest";
import { Client, latestEmail, signedInClient } from "./auth-helpers";
import { exportsEnv, latestExport, startExport } from "./exports-helpers";
import { deliver, signedIn } from "./images-helpers";
import { newSchedule, scheduleAction, scheduleRows } from "./schedules-helpers";
import { graphScope, linkNumber, numberStub, sentTo, uniqueNumber, wamid, whatsappEnv } from "./whatsapp-helpers";

describe("schedules: delivery", { timeout: 120_000 }, () => {
  it("e-mails the answer with a link whose page asks before it pauses the schedule", async () => {
    const { client, user } = await signedInClient();
    const made = await newSchedule(client, { name: "Morning brief", delivery: "email" });
    expect(await scheduleAction(client, made.id, "run")).toMatchObject({ status: 200, json: { run: { status: "ok", note: "emailed" } } });
    const mail = await latestEmail(user.email);
    expect(mail.row?.subject).toBe("Morning brief");
    expect(mail.row?.textBody).toMatch(/demo/i);
    const unsubscribe = /https?:\/\/\S+\/schedules\/unsubscribe\?token=\S+/.exec(mail.row!.textBody)![0].replace(/^https?:\/\/[^/]+/, "");

    // Opening the link (as a mail scanner would) only asks.
    const page = await client.get(unsubscribe);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Pause this schedule?");
    expect((await scheduleRows(user.id)).schedules[0]!.paused).toBe(false);
    // The button pauses it, with no session needed; a changed token pauses nothing.
    const stranger = new Client();
    const token = new URL(`https://x${unsubscribe}`).searchParams.get("token")!;
    const forged = await stranger.action("/schedules/unsubscribe", { token: `${token.slice(0, -2)}AA` });
    // A forged token is refused like any bad link (400), and pauses nothing.
    expect(forged.status).toBe(400);
    expect((await scheduleRows(user.id)).schedules[0]!.paused).toBe(false);
    await stranger.action("/schedules/unsubscribe", { token });
    expect((await scheduleRows(user.id)).schedules[0]!.paused).toBe(true);
  });

  it("sends on WhatsApp inside the window, as the template outside it, and notes a skip without one", async () => {
    const phone = uniqueNumber();
    const { client, user } = await signedInClient({ accessLevel: "pro" });
    await linkNumber(user.id, phone);
    const made = await newSchedule(client, { name: "Daily brief", delivery: "whatsapp" });

    const withTemplate = client.withEnv(whatsappEnv({ WHATSAPP_TEMPLATE_BRIEF: "daily_brief" }, { graphScope: graphScope() }).env);
    // Outside the window (the person never wrote): the template, naming the schedule.
    expect(await scheduleAction(withTemplate, made.id, "run")).toMatchObject({ json: { run: { status: "ok", note: "whatsappTemplate" } } });
    const template = (await sentTo(phone)).filter((request) => request.body?.type === "template" && request.status === 200);
    expect(template).toHaveLength(1);
    expect(template[0]!.body!.template).toEqual({
      name: "daily_brief",
      language: { code: "en" },
      components: [{ type: "body", parameters: [{ type: "text", text: "Daily brief" }] }],
    });

    // No template configured: nothing sent, and the run history says why.
    const without = client.withEnv(whatsappEnv({}, { graphScope: graphScope() }).env);
    expect(await scheduleAction(without, made.id, "run")).toMatchObject({ json: { run: { status: "ok", note: "whatsappNoTemplate" } } });

    // The person wrote an hour ago: inside the window, the answer itself as text.
    await runInDurableObject(numberStub(phone), (instance) => (instance as unknown as WhatsAppNumber).begin(wamid(), Date.now() - 60 * 60 * 1000));
    expect(await scheduleAction(withTemplate, made.id, "run")).toMatchObject({ json: { run: { status: "ok", note: "whatsappSent" } } });
    const texts = (await sentTo(phone)).filter((request) => request.body?.type === "text" && request.status === 200);
    expect(texts).toHaveLength(1);
    expect((texts[0]!.body!.text as { body: string }).body).toMatch(/demo/i);
    expect((await scheduleRows(user.id)).runs.map((run) => run.note)).toEqual(["whatsappTemplate", "whatsappNoTemplate", "whatsappSent"]);
  });

  it("puts the schedules and their run history in Download my data", async () => {
    const { env, sent } = exportsEnv();
    const { client } = await signedIn(env);
    const made = await newSchedule(client, { name: "Exported", timeZone: "Europe/Berlin" });
    await scheduleAction(client, made.id, "run");
    expect((await startExport(client)).status).toBe(202);
    await deliver(env, [{ id: "export-schedules", body: sent.at(-1) }], "data-exports");
    const ready = (await latestExport(client))!;
    const files = unzipSync(new Uint8Array(await (await client.get(ready.downloadUrl!)).arrayBuffer()));
    const schedules = JSON.parse(strFromU8(files["schedules.json"]!)) as { name: string; chat: string; runs: { status: string }[] }[];
    expect(schedules).toMatchObject([{ name: "Exported", timeZone: "Europe/Berlin", rule: { kind: "daily", time: "08:00" }, runs: [{ status: "ok" }] }]);
    expect(files[schedules[0]!.chat]).toBeDefined();
  });
});
