// A project's memory (decision 0038-projects): its instructions are sent in each of its chats; a kept-apart project's
// chats are sent no memories from outside, and nothing learnt in them is saved to the general memory, while a project
// that is not kept apart uses memory as any chat does.
import { describe, expect, it } from "vitest";
import { memoriesOf, memoryAccount, noteOf, seedMemories } from "./memory-helpers";
import { askInProject, newProject, projectAction } from "./projects-helpers";

describe("memory in a project", { timeout: 60_000 }, () => {
  it("a kept-apart project sends no memory and saves nothing learnt; switched off again, memory is used", async () => {
    const { client, user } = await memoryAccount("system");
    await seedMemories(user.id, ["Has a cat named Pamuk"]);
    const projectId = await newProject(client, "Novel", { instructions: "Write in the second person." });
    expect((await projectAction(client, projectId, { intent: "kept-apart", keptApart: "true" })).status).toBe(200);

    const apart = await askInProject(client, "Tell me about my cat. I live in İzmir.", { projectId });
    expect(apart.status).toBe(200);
    expect(apart.streamed).toContain("Write in the second person.");
    expect(apart.streamed).not.toContain("Pamuk");
    expect(apart.done?.memory).toEqual({ used: [], updated: [], pending: false, offer: false });
    expect(await noteOf(user.id, apart.messageId!)).toBeUndefined();
    expect((await memoriesOf(user.id)).map((memory) => memory.text)).toEqual(["Has a cat named Pamuk"]);

    expect((await projectAction(client, projectId, { intent: "kept-apart", keptApart: "false" })).status).toBe(200);
    const together = await askInProject(client, "Tell me about my cat.", { threadId: apart.threadId! });
    expect(together.streamed).toContain("Pamuk");
    expect(together.done?.memory?.used.map((memory) => memory.text)).toEqual(["Has a cat named Pamuk"]);
  });
});
