// The chunk-grouping plugin (vite.shell-chunks.ts, decision 0019 "Shell chunks"): a real Vite build of a small fake
// app shaped like ours (entry.client, Remix's route entries by their `?__remix-build-client-route` ids, a package
// whose index only re-exports, like lucide-react's) and what ends up in which chunk. Route files are .tsx, as the
// plugin knows the root route and the main layout by their file names.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { build, type Rollup } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shellChunks } from "../../vite.shell-chunks";

const ROUTE_ENTRY = "?__remix-build-client-route";

/** The fake app: each module says who imports it, so a reader of a failure knows where it should have gone. */
const FILES: Record<string, string> = {
  "node_modules/fw/package.json": JSON.stringify({ name: "fw", main: "index.js" }),
  "node_modules/fw/index.js": `export const framework = "framework code every page runs";`,
  "node_modules/icons/package.json": JSON.stringify({ name: "icons", main: "index.js", sideEffects: false }),
  "node_modules/icons/index.js": [
    `export { default as RootIcon } from "./root-icon.js";`,
    `export { default as LayoutIcon } from "./layout-icon.js";`,
    `export { default as AuthIcon } from "./auth-icon.js";`,
    `export { default as UnusedIcon } from "./unused-icon.js";`,
  ].join("\n"),
  "node_modules/icons/root-icon.js": `export default () => "root icon";`,
  "node_modules/icons/layout-icon.js": `export default () => "layout icon";`,
  "node_modules/icons/auth-icon.js": `export default () => "auth icon";`,
  "node_modules/icons/unused-icon.js": `export default () => "unused icon";`,
  "app/entry.client.js": [
    `import { framework } from "fw";`,
    `import { everywhere } from "./lib/everywhere.js";`,
    `console.log(framework, everywhere);`,
    `export const later = () => import("./lib/lazy.js");`,
  ].join("\n"),
  "app/lib/everywhere.js": `export const everywhere = "our code on every page";`,
  "app/lib/lazy.js": `export const lazy = "loaded on demand only";`,
  "app/lib/root-helper.js": `export const rootHelper = "the root route's helper";`,
  "app/root.tsx": [
    `import { rootHelper } from "./lib/root-helper.js";`,
    `import { RootIcon } from "icons";`,
    `export default () => [rootHelper, RootIcon()];`,
  ].join("\n"),
  "app/components/layout.js": `export const layout = "the main layout's own part";`,
  "app/components/shared-with-auth.js": `export const shared = "used by the main layout and by the auth pages";`,
  "app/components/chat-only.js": `export const chatOnly = "one main screen's own code";`,
  "app/routes/_main.tsx": [
    `import { layout } from "../components/layout.js";`,
    `import { shared } from "../components/shared-with-auth.js";`,
    `import { LayoutIcon } from "icons";`,
    `export default () => [layout, shared, LayoutIcon()];`,
  ].join("\n"),
  "app/routes/_main.chat.tsx": [`import { chatOnly } from "../components/chat-only.js";`, `export default () => chatOnly;`].join("\n"),
  "app/components/chat/use-chat.ts": `export const useChat = "the hook every conversation screen streams with";`,
  "app/components/chat-part.js": `export const chatPart = "used by the first screen and another conversation screen";`,
  "app/components/with-settings.js": `export const withSettings = "used by the first screen and a screen showing no conversation";`,
  "app/routes/_main.web-main.($threadId).tsx": [
    `import { useChat } from "../components/chat/use-chat";`,
    `import { chatPart } from "../components/chat-part.js";`,
    `import { withSettings } from "../components/with-settings.js";`,
    `export default () => [useChat, chatPart, withSettings];`,
  ].join("\n"),
  "app/routes/_main.tool.tsx": [
    `import { useChat } from "../components/chat/use-chat";`,
    `import { chatPart } from "../components/chat-part.js";`,
    `export default () => [useChat, chatPart];`,
  ].join("\n"),
  "app/routes/_main.settings.tsx": [`import { withSettings } from "../components/with-settings.js";`, `export default () => withSettings;`].join("\n"),
  "app/routes/auth.tsx": [
    `import { shared } from "../components/shared-with-auth.js";`,
    `import { AuthIcon } from "icons";`,
    `export default () => [shared, AuthIcon()];`,
  ].join("\n"),
};

let root: string;
let chunks: Rollup.OutputChunk[];

/** The chunk holding a fake module (by its path in FILES), by the chunk's name. */
function chunkOf(file: string): string {
  const owner = chunks.filter((chunk) => chunk.moduleIds.some((id) => id.replace(ROUTE_ENTRY, "") === join(root, file)));
  expect(owner, `${file} is in ${owner.length} chunks`).toHaveLength(1);
  return owner[0]!.name;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "shell-chunks-"));
  for (const [path, content] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  const route = (file: string) => `${join(root, "app", file)}${ROUTE_ENTRY}`;
  const output = (await build({
    root,
    configFile: false,
    logLevel: "silent",
    plugins: [shellChunks()],
    build: {
      write: false,
      minify: false,
      modulePreload: false,
      rollupOptions: {
        input: {
          "entry.client": join(root, "app/entry.client.js"),
          root: route("root.tsx"),
          "routes/_main": route("routes/_main.tsx"),
          "routes/_main.chat": route("routes/_main.chat.tsx"),
          "routes/_main.web-main": route("routes/_main.web-main.($threadId).tsx"),
          "routes/_main.tool": route("routes/_main.tool.tsx"),
          "routes/_main.settings": route("routes/_main.settings.tsx"),
          "routes/auth": route("routes/auth.tsx"),
        },
        // Keep the entries' exports: Remix reads a route module's exports, and an empty entry would merge away.
        preserveEntrySignatures: "exports-only",
      },
    },
  })) as Rollup.RollupOutput;
  chunks = output.output.filter((item): item is Rollup.OutputChunk => item.type === "chunk");
}, 60_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("shell chunks", () => {
  it("puts the third-party code every page imports in `framework`, our own in `shell`", () => {
    expect(chunkOf("node_modules/fw/index.js")).toBe("framework");
    expect(chunkOf("node_modules/icons/root-icon.js")).toBe("framework");
    expect(chunkOf("app/lib/everywhere.js")).toBe("shell");
    expect(chunkOf("app/lib/root-helper.js")).toBe("shell");
  });

  it("puts what only the main layout imports in `main-shell`, and nothing another page needs", () => {
    expect(chunkOf("app/components/layout.js")).toBe("main-shell");
    expect(chunkOf("node_modules/icons/layout-icon.js")).toBe("main-shell");
    expect(chunkOf("app/components/shared-with-auth.js")).not.toMatch(/shell|framework/);
  });

  it("follows a re-exporting index only to the names imported, and leaves lazy and single-screen code where it was", () => {
    // Counting the whole index would have put every icon in every page.
    expect(chunkOf("node_modules/icons/auth-icon.js")).not.toMatch(/shell|framework/);
    expect(chunks.some((chunk) => chunk.moduleIds.includes(join(root, "node_modules/icons/unused-icon.js")))).toBe(false);
    expect(chunkOf("app/lib/lazy.js")).not.toMatch(/shell|framework/);
    expect(chunkOf("app/components/chat-only.js")).not.toMatch(/shell|framework/);
  });

  it("puts what the first screen shares only with other conversation screens in `chat-shell`", () => {
    expect(chunkOf("app/components/chat/use-chat.ts")).toBe("chat-shell");
    expect(chunkOf("app/components/chat-part.js")).toBe("chat-shell");
    // A screen showing no conversation would load the whole group for it.
    expect(chunkOf("app/components/with-settings.js")).not.toMatch(/shell|framework/);
  });

  it("keeps each entry and route module in a chunk of its own (Remix loads them by name)", () => {
    for (const [file, name] of [
      ["app/entry.client.js", "entry.client"],
      ["app/root.tsx", "root"],
      ["app/routes/_main.tsx", "routes/_main"],
      ["app/routes/_main.chat.tsx", "routes/_main.chat"],
      ["app/routes/auth.tsx", "routes/auth"],
      ["app/routes/_main.web-main.($threadId).tsx", "routes/_main.web-main"],
    ] as const) {
      expect(chunkOf(file), file).toBe(name);
      expect(chunks.find((chunk) => chunk.name === name)?.isEntry, name).toBe(true);
    }
  });
});
