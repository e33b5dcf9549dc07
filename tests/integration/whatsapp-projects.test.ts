// Projects on WhatsApp (decision 0038-projects): "/projects" lists the account's projects with their chats' count,
// "/project <name>" (any case, a unique start of the name) makes the next message start a new chat in that project,
// answered with its instructions as a web project chat is, until "/new" or another project; an unknown or ambiguous
// name is answered with the names to choose from and changes nothing; Free accounts are told how to upgrade; en and tr.
import { inject, describe, expect, it } from "vitest";
import { signedInClient } from "./auth-helpers";
import { accountThreads, threadMessages } from "./chat-helpers";
import { appEnv } from "./helpers";
import { newProject, projectAction, projectRows } from "./projects-helpers";
import { linkNumber, sendAndAnswer, textsTo, uniqueNumber, whatsappEnv } from "./whatsapp-helpers";

/** The fake provider's "system" behaviour answers with the system text it was sent, so a reply shows what the turn was given. */
const SYSTEM = { OPENAI_API_KEY: "sk-fake-whatsapp", OPENAI_BASE_URL: inject("fakeUpstreamUrl"), MODEL_OVERRIDES: JSON.stringify({ "gpt-4o-mini": "system" }) };
const IN_PROJECT = (name: string) => `belongs to the person's project "${name}"`;

async function linkedAccount(options: { accessLevel?: "basic" | "pro"; locale?: "en" | "tr" } = {}) {
  const { client, user } = await signedInClient({ accessLevel: options.accessLevel ?? "pro" });
  if (options.locale) await appEnv.DB.prepare("UPDATE users SET locale = ?1 WHERE id = ?2").bind(options.locale, user.id).run();
  const from = uniqueNumber(options.locale === "tr" ? "90" : "44");
  await linkNumber(user.id, from);
  const { env, queued } = whatsappEnv(SYSTEM);
  /** Sends `text` and answers the new replies it got. */
  const say = async (text: string) => {
    const before = (await textsTo(from)).length;
    await sendAndAnswer(env, queued, { from, text });
    return (await textsTo(from)).slice(before).join("\n");
  };
  return { client, user, from, say };
}

describe("projects on WhatsApp", { timeout: 60_000 }, () => {
  it("lists the projects, continues in the one named in a new chat of it with its instructions, until /new (en)", async () => {
    const { client, user, say } = await linkedAccount();
    const thesisId = await newProject(client, "Thesis", { instructions: "Answer as my thesis supervisor." });
    await newProject(client, "Trip to Rome");

    const list = await say("/projects");
    expect(list).toContain("Your projects");
    expect(list).toContain("• Thesis (0 chats)");
    expect(list).toContain("• Trip to Rome (0 chats)");
    expect(list).toContain("/project");

    const chosen = await say("/project thesis");
    expect(chosen).toContain("You're now in the project “Thesis”");
    expect(await accountThreads(user.id)).toHaveLength(0);

    const answer = await say("How long should chapter two be?");
    expect(answer).toContain(IN_PROJECT("Thesis"));
    expect(answer).toContain("Answer as my thesis supervisor.");
    const threads = await accountThreads(user.id);
    expect(threads).toHaveLength(1);
    expect(threads[0]).toMatchObject({ channel: "whatsapp", tool: "web-main" });
    expect((await projectRows(user.id)).chats).toEqual([expect.objectContaining({ threadId: threads[0]!.id, projectId: thesisId })]);

    // The next message continues the same project chat; the list now counts it and says which project is active.
    expect(await say("And chapter three?")).toContain("Answer as my thesis supervisor.");
    expect(await accountThreads(user.id)).toHaveLength(1);
    expect(await threadMessages(user.id, threads[0]!.id)).toHaveLength(4);
    const again = await say("/projects");
    expect(again).toContain("• Thesis (1 chat) ← current");
    expect(again).toContain("• Trip to Rome (0 chats)");

    // /new leaves the project: the next question starts a chat in the history, without the project's instructions.
    await say("/new");
    const outside = await say("Something else entirely");
    expect(outside).not.toContain(IN_PROJECT("Thesis"));
    expect(await accountThreads(user.id)).toHaveLength(2);
    expect((await projectRows(user.id)).chats).toHaveLength(1);
    expect(await say("/projects")).not.toContain("current");
  });

  it("/project with another name moves on to a new chat of that project; an exact name wins over a longer one", async () => {
    const { client, user, say } = await linkedAccount();
    await newProject(client, "Thesis", { instructions: "Thesis rules." });
    const notesId = await newProject(client, "Thesis notes", { instructions: "Notes rules." });
    expect(await say("/project THESIS")).toContain("“Thesis”");
    expect(await say("First question")).toContain("Thesis rules.");
    expect(await say("/project thesis n")).toContain("“Thesis notes”");
    const answer = await say("Second question");
    expect(answer).toContain(IN_PROJECT("Thesis notes"));
    expect(answer).toContain("Notes rules.");
    const chats = (await projectRows(user.id)).chats;
    expect(chats).toHaveLength(2);
    expect(chats.filter((chat) => chat.projectId === notesId)).toHaveLength(1);
  });

  it("an unknown or ambiguous name is answered with the names to choose from and changes nothing", async () => {
    const { client, user, say } = await linkedAccount();
    await newProject(client, "Trip to Rome");
    await newProject(client, "Trip to Oslo");
    await say("A question before any project");
    const [thread] = await accountThreads(user.id);

    const ambiguous = await say("/project trip");
    expect(ambiguous).toContain("More than one project matches “trip”");
    expect(ambiguous).toContain("• Trip to Rome");
    expect(ambiguous).toContain("• Trip to Oslo");
    const unknown = await say("/project garden");
    expect(unknown).toContain("You have no project called “garden”");
    expect(unknown).toContain("• Trip to Oslo");

    // The conversation goes on where it was, outside any project.
    expect(await say("A follow-up")).not.toContain("belongs to the person's project");
    expect(await accountThreads(user.id)).toEqual([expect.objectContaining({ id: thread!.id })]);
    expect((await projectRows(user.id)).chats).toHaveLength(0);
  });

  it("answers in Turkish: /projeler, /proje with a Turkish name in any case, unknown names", async () => {
    const { client, user, say } = await linkedAccount({ locale: "tr" });
    const projectId = await newProject(client, "İstanbul gezisi", { instructions: "Kısa yanıt ver." });

    const list = await say("/projeler");
    expect(list).toContain("Projeleriniz");
    expect(list).toContain("• İstanbul gezisi (0 sohbet)");
    expect(await say("/proje istanbul")).toContain("Artık “İstanbul gezisi” projesindesiniz");
    expect(await say("Nereyi görmeliyim?")).toContain("Kısa yanıt ver.");
    expect((await projectRows(user.id)).chats).toEqual([expect.objectContaining({ projectId })]);
    expect(await say("/project bahçe")).toContain("“bahçe” adında bir projeniz yok");
  });

  it("with no projects says where to make one; a Free account is told how to upgrade and nothing changes", async () => {
    const pro = await linkedAccount();
    expect(await pro.say("/projects")).toContain("https://app.example/projects");
    expect(await pro.say("/project thesis")).toContain("https://app.example/projects");

    const free = await linkedAccount({ accessLevel: "basic" });
    await newProject(free.client, "Thesis");
    expect(await free.say("/projects")).toContain("https://app.example/payment");
    expect(await free.say("/project thesis")).toContain("https://app.example/payment");
    expect(await accountThreads(free.user.id)).toHaveLength(0);
  });

  it("a project deleted on the web while active: the next question is answered in the history and says so", async () => {
    const { client, user, say } = await linkedAccount();
    const projectId = await newProject(client, "Garden", { instructions: "Garden rules." });
    await say("/project garden");
    const deleted = await projectAction(client, projectId, { intent: "delete", chats: "keep" });
    expect(deleted.status).toBe(200);
    const answer = await say("What should I plant?");
    expect(answer).toContain("The project you were in has been deleted");
    expect(answer).not.toContain("Garden rules.");
    expect(await accountThreads(user.id)).toHaveLength(1);
  });
});
