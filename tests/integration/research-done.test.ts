// A finished deep research (decisions 0043, 0041, 0042): the person's device gets a "research-done" web push opening
// the thread (decrypted from the local push service), a linked Pro number gets the summary and the link on WhatsApp
// inside the 24-hour window or the brief template outside it (the fake Graph API), the demo report marks the dead
// and the misquoted pages "could not be checked" and no other, and its Markdown and PDF exports download.
import { env as testEnv, runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import type { AccountContext } from "../../app/.server/account/schema";
import { now as clockNow } from "../../app/.server/clock";
import type { AppEnv } from "../../app/.server/env";
import type { ResearchSource } from "../../app/.server/research/report";
import { runResearch } from "../../app/.server/research/steps";
import type { WhatsAppNumber } from "../../app/.server/whatsapp/number-object";
import type { ResearchView } from "../../app/lib/schemas/research";
import { signedInClient, type Client } from "./auth-helpers";
import { appEnv } from "./helpers";
import { accountSchema, decrypted, inAccountDb, localSubscription, pushEnv, pushesTo, subscribe } from "./notifications-helpers";
import { graphScope, linkNumber, numberStub, sentTo, uniqueNumber, wamid, whatsappEnv } from "./whatsapp-helpers";

const QUESTION = "How do heat pumps compare with gas boilers?";

/** The app's env with the local push service and WhatsApp against the fake Graph API (this test's own scope). */
const doneEnv = (vars: Record<string, string> = {}): AppEnv =>
  ({ ...whatsappEnv(vars, { graphScope: graphScope() }).env, PUSH_DEV_SERVICE_ORIGIN: pushEnv().PUSH_DEV_SERVICE_ORIGIN }) as AppEnv;

async function startResearch(client: Client, language = "en"): Promise<ResearchView> {
  const post = (path: string, body: unknown) =>
    client.fetch(`${path}?lng=${language}`, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
  const { plan } = (await (await post("/api/research/plan", { question: QUESTION })).json()) as { plan: string[] };
  const response = await post("/api/research", { question: QUESTION, plan });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { research: ResearchView }).research;
}

/** Runs the research's steps inside the account's object with `env` (the object's own has no local fakes) to its end. */
async function runToEnd(accountId: string, id: string, env: AppEnv) {
  const stub = testEnv.ACCOUNT.get(testEnv.ACCOUNT.idFromName(accountId));
  for (let count = 0; count < 30; count += 1) {
    const row = await inAccountDb(accountId, (db) => db.select().from(accountSchema.researchRuns).where(eq(accountSchema.researchRuns.id, id)).get()!);
    if (row.status !== "running") return row;
    await runInDurableObject(stub, (instance) => {
      const context = (instance as unknown as { accountContext(): AccountContext }).accountContext();
      return runResearch({ ...context, env }, clockNow());
    });
  }
  throw new Error("the research never ended");
}

describe("deep research: when it is done", { timeout: 120_000 }, () => {
  it("pushes to the person's device and sends the summary and link to a linked Pro number inside the window", async () => {
    const env = doneEnv({ WHATSAPP_TEMPLATE_BRIEF: "daily_brief" });
    const { client: plain, user } = await signedInClient({ accessLevel: "pro" });
    const client = plain.withEnv(env);
    const subscription = await localSubscription();
    expect(await subscribe(client, subscription)).toMatchObject({ status: 200 });
    const phone = uniqueNumber();
    await linkNumber(user.id, phone);
    await runInDurableObject(numberStub(phone), (instance) => (instance as unknown as WhatsAppNumber).begin(wamid(), Date.now() - 60 * 60 * 1000));

    const started = await startResearch(client);
    const row = await runToEnd(user.id, started.id, env);
    expect(row.status).toBe("completed");
    const report = JSON.parse(row.report!) as { title: string; summary: string; sources: ResearchSource[] };

    const [push] = await pushesTo(subscription);
    expect(await decrypted(push!, subscription)).toEqual({
      title: "Your deep research is ready",
      body: report.title,
      url: `/web-search/${started.threadId}`,
      tag: "researchDone",
    });

    const texts = (await sentTo(phone)).filter((request) => request.body?.type === "text" && request.status === 200);
    const text = texts.map((request) => (request.body!.text as { body: string }).body).join("\n");
    expect(text).toContain(`Your deep research is ready: ${report.title}`);
    expect(text).toContain(report.summary.slice(0, 40));
    expect(text).toContain(`/web-search/${started.threadId}`);

    // The demo pages: the one gone by check time and the misquoted one "could not be checked", the others checked.
    const unchecked = report.sources.filter((source) => source.check === "unchecked").map((source) => new URL(source.url).pathname);
    expect(unchecked.sort()).toEqual(["/archived-report", "/opinion"]);
    expect(report.sources.filter((source) => source.check === "checked")).toHaveLength(report.sources.length - 2);

    // The exports download as attachments: the Markdown's text, the PDF's title and source links.
    const markdown = await client.get(`/api/research/${started.id}/export?format=md`);
    expect(markdown.status).toBe(200);
    expect(markdown.headers.get("Content-Disposition")).toMatch(/^attachment; filename=.*\.md/);
    const markdownText = await markdown.text();
    expect(markdownText).toContain("## Sources");
    expect(markdownText).toContain("*(could not be checked)*");
    const pdf = await client.get(`/api/research/${started.id}/export?format=pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toMatch(/^attachment; filename=.*\.pdf/);
    const document = await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer()), { isEvalSupported: false });
    const { text: pdfText } = await extractText(document, { mergePages: true });
    expect(pdfText.replace(/\s+/g, " ")).toContain(report.title);
    const links: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      for (const annotation of await (await document.getPage(number)).getAnnotations()) if (annotation.subtype === "Link") links.push(annotation.url as string);
    }
    expect(links).toEqual(expect.arrayContaining(report.sources.map((source) => source.url)));
  });

  it("sends the brief template to a Pro number outside the window, in Turkish, and nothing to a Free account's number", async () => {
    const env = doneEnv({ WHATSAPP_TEMPLATE_BRIEF: "daily_brief" });
    const { client: plain, user } = await signedInClient({ accessLevel: "pro" });
    await appEnv.DB.prepare("UPDATE users SET locale = 'tr' WHERE id = ?1").bind(user.id).run();
    const phone = uniqueNumber();
    await linkNumber(user.id, phone);
    const started = await startResearch(plain.withEnv(env), "tr");
    const row = await runToEnd(user.id, started.id, env);
    const report = JSON.parse(row.report!) as { title: string };
    const templates = (await sentTo(phone)).filter((request) => request.body?.type === "template" && request.status === 200);
    expect(templates.map((request) => request.body!.template)).toEqual([
      { name: "daily_brief", language: { code: "tr" }, components: [{ type: "body", parameters: [{ type: "text", text: report.title }] }] },
    ]);

    const free = await signedInClient();
    const freePhone = uniqueNumber();
    await linkNumber(free.user.id, freePhone);
    const freeStarted = await startResearch(free.client.withEnv(env));
    expect((await runToEnd(free.user.id, freeStarted.id, env)).status).toBe("completed");
    expect(await sentTo(freePhone)).toEqual([]);
  });
});
