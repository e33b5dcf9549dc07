// Projects in "Download my data" (decisions 0018, 0038-projects): a folder per project, projects/<name>-<id>/, with
// project.json (its name, marks, whether it is kept apart, and where its chats and files are in the archive: they are
// written once, under chats/, documents/ and, for its images, uploads/) and instructions.md (the person's own words for it).
import { inAccount } from "../account/client";
import { documentArchiveName } from "../documents/export";
import type { AppEnv } from "../env";
import type { StreamingZip } from "../exports/zip-writer";
import { isoTime, safeFileName } from "../exports/archive-format";

/** A folder name safe in any unzip tool: letters, digits, dot, dash and underscore. */

export async function writeProjects(
  env: AppEnv,
  ownerId: string,
  { zip, chatFiles, photos, now }: { zip: StreamingZip; chatFiles: Map<string, string>; photos: Map<string, string>; now: number },
): Promise<void> {
  for (const project of await inAccount(env, ownerId, "projects.export")) {
    const folder = `projects/${safeFileName(project.name, 60)}-${project.id.slice(0, 8)}`;
    const chats = project.threadIds.flatMap((id) => (chatFiles.has(id) ? [`${chatFiles.get(id)}.md`] : []));
    const files = [
      ...project.documents.map((document) => ({ name: document.name, file: `documents/${documentArchiveName(document)}` })),
      // An image is written once with the other photos, under uploads/ (exports/uploads.ts).
      ...project.images.map((image) => ({ name: image.name, file: photos.get(image.id) ?? null })),
    ];
    const description = {
      name: project.name,
      emoji: project.emoji,
      colour: project.colour,
      keptApart: project.keptApart,
      createdAt: isoTime(project.createdAt),
      updatedAt: isoTime(project.updatedAt),
      instructions: project.instructions ? "instructions.md" : null,
      chats,
      files,
    };
    await zip.addText(`${folder}/project.json`, `${JSON.stringify(description, null, 2)}\n`, now);
    if (project.instructions) await zip.addText(`${folder}/instructions.md`, `${project.instructions}\n`, project.updatedAt);
  }
}
