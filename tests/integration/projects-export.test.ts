// "Download my data" has a folder per project (decisions 0018, 0038-projects): its project.json names the project's
// chats and files where the archive holds them (written once, under chats/ and documents/), and instructions.md holds
// the person's instructions.
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../app/.server/env";
import { makePdf, numberedPages } from "../fixtures/make-documents.mjs";
import type { DocumentReadMessage } from "../../app/.server/documents/messages";
import { exportsEnv, latestExport, startExport } from "./exports-helpers";
import { deliver, signedIn } from "./images-helpers";
import { addReadFile, askInProject, newProject } from "./projects-helpers";

describe("download my data: a folder per project", { timeout: 60_000 }, () => {
  it("writes project.json and instructions.md, pointing at the chat and file in the archive", async () => {
    const { env, sent } = exportsEnv();
    const reads: DocumentReadMessage[] = [];
    const withReads = { ...env, DOCUMENT_READS: { send: async (body: DocumentReadMessage) => void reads.push(body) } } as AppEnv;
    const { client, user } = await signedIn(withReads);
    const projectId = await newProject(client, "Tez / Thesis", { emoji: "📚", instructions: "Use APA citations." });
    await addReadFile({ client, user: { ...user }, env: withReads, sent: reads }, projectId, makePdf(numberedPages(2)), "sources.pdf");
    const chat = await askInProject(client, "Outline the method chapter.", { projectId });
    expect(chat.status).toBe(200);

    expect((await startExport(client)).status).toBe(202);
    await deliver(env, [{ id: "export-projects", body: sent.at(-1) }], "data-exports");
    const ready = (await latestExport(client))!;
    const files = unzipSync(new Uint8Array(await (await client.get(ready.downloadUrl!)).arrayBuffer()));
    const folder = `projects/Tez_Thesis-${projectId.slice(0, 8)}`;
    const project = JSON.parse(strFromU8(files[`${folder}/project.json`]!)) as { chats: string[]; files: { name: string; file: string }[] };
    expect(project).toMatchObject({ name: "Tez / Thesis", emoji: "📚", keptApart: false, instructions: "instructions.md" });
    expect(strFromU8(files[`${folder}/instructions.md`]!)).toBe("Use APA citations.\n");
    expect(project.chats).toHaveLength(1);
    expect(files[project.chats[0]!]).toBeDefined();
    expect(project.files).toEqual([{ name: "sources.pdf", file: expect.stringMatching(/^documents\/.+-sources\.pdf$/) }]);
    expect(files[project.files[0]!.file]).toBeDefined();
  });
});
