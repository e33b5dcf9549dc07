// Groups the client code every page of a kind loads anyway into a few chunks instead of one small chunk per shared
// module (decision 0019, "Shell chunks"). Rollup gives each module its own chunk when a different set of entries
// imports it, not knowing that entry.client and the root route load on every page and the main layout on every screen
// inside it; so an icon the layout and a screen share became a 300-byte script of its own. Grouping only what those
// always-loaded entries import statically adds no byte to any page.
import type { Plugin, Rollup } from "vite";

const ROUTE_ENTRY = "?__remix-build-client-route";

/** The route file of a Remix client route entry, relative to app/ ("root.tsx", "routes/_main.tsx"). */
const routeFileOf = (entry: string) => entry.slice(0, -ROUTE_ENTRY.length).replace(/^.*[\\/]app[\\/]/, "");
const isMainScreen = (routeFile: string) => /^routes[\\/]_main[.]/.test(routeFile);
/** The screen a first visit opens (/web-main, the chat), and the hook every screen showing a conversation streams with. */
const isFirstScreen = (routeFile: string) => /^routes[\\/]_main[.]web-main[.]/.test(routeFile);
const CONVERSATION_HOOK = /[\\/]app[\\/]components[\\/]chat[\\/]use-chat[.]ts$/;

type Node = Rollup.AstNode & Record<string, unknown>;
type Statement = { type: string; source?: { value: string } | null; specifiers?: Node[] };
const nameOf = (node: unknown) => (node as { name?: string; value?: string }).name ?? (node as { value?: string }).value;

/**
 * The modules `id` really depends on statically. An import of names from a package index that only re-exports
 * (lucide-react's, which re-exports every icon) counts as importing the modules that define those names, not the
 * whole index: otherwise every icon of the library would look as if the root route loaded it.
 */
async function staticImports(context: Rollup.PluginContext, id: string): Promise<string[]> {
  const body = ((context.getModuleInfo(id)?.ast as unknown as { body?: Statement[] })?.body ?? []).filter(
    (statement) => (statement.type === "ImportDeclaration" || statement.type.startsWith("Export")) && statement.source,
  );
  const found: string[] = [];
  for (const statement of body) {
    const resolved = await context.resolve(statement.source!.value, id);
    if (!resolved || resolved.external) continue;
    const names =
      statement.type === "ImportDeclaration"
        ? (statement.specifiers ?? []).map((specifier) => specifier.type === "ImportSpecifier" && nameOf(specifier.imported))
        : [];
    const reExports = names.length && names.every(Boolean) ? await reExportTargets(context, resolved.id, names as string[]) : null;
    found.push(...(reExports ?? [resolved.id]));
  }
  return found;
}

/** Where a re-exporting index gets each of `names` from, or null when one of them is its own code. */
async function reExportTargets(context: Rollup.PluginContext, index: string, names: string[]): Promise<string[] | null> {
  const statements = (context.getModuleInfo(index)?.ast as unknown as { body?: Statement[] })?.body ?? [];
  const targets: string[] = [];
  for (const name of names) {
    const from = statements.find(
      (statement) =>
        statement.type === "ExportNamedDeclaration" &&
        statement.source &&
        (statement.specifiers ?? []).some((specifier) => nameOf(specifier.exported) === name),
    );
    if (!from) return null;
    const resolved = await context.resolve(from.source!.value, index);
    if (!resolved) return null;
    targets.push(resolved.id);
  }
  return targets;
}

async function closure(context: Rollup.PluginContext, from: readonly string[], cache: Map<string, Promise<string[]>>) {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    if (!cache.has(id)) cache.set(id, staticImports(context, id));
    stack.push(...(await cache.get(id)!));
  }
  return seen;
}

export function shellChunks(): Plugin {
  let groups = new Map<string, string>();
  return {
    name: "shell-chunks",
    apply: "build",
    async buildEnd(error) {
      if (error || this.environment.config.build.ssr) return;
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const routes = entries.filter((id) => id.endsWith(ROUTE_ENTRY));
      const cache = new Map<string, Promise<string[]>>();
      const everyPage = await closure(
        this,
        [...entries.filter((id) => !id.endsWith(ROUTE_ENTRY)), ...routes.filter((id) => routeFileOf(id) === "root.tsx")],
        cache,
      );
      const everyMainScreen = await closure(
        this,
        routes.filter((id) => routeFileOf(id) === "routes/_main.tsx"),
        cache,
      );
      const elsewhere = await closure(
        this,
        routes.filter((id) => routeFileOf(id) !== "root.tsx" && !isMainScreen(routeFileOf(id))),
        cache,
      );
      // The conversation screens (the chat, web search, the tools, a horoscope's thread...): main screens that stream
      // with the chat's hook. What the first screen imports that no other kind of page does goes in `chat-shell`, one
      // chunk instead of a dozen small ones (decision 0044: about 4 KiB less gzip on a first visit, since every
      // small chunk repeats its imports and compresses alone); a conversation screen loads it anyway.
      const mainScreens = routes.filter((id) => isMainScreen(routeFileOf(id)));
      const closures = new Map(await Promise.all(mainScreens.map(async (id) => [id, await closure(this, [id], cache)] as const)));
      const isConversation = (id: string) => [...closures.get(id)!].some((module) => CONVERSATION_HOOK.test(module));
      const firstScreen = mainScreens.filter((id) => isFirstScreen(routeFileOf(id)));
      const otherScreens = new Set<string>();
      for (const id of mainScreens) if (!isConversation(id)) for (const module of closures.get(id)!) otherScreens.add(module);
      groups = new Map();
      // Route modules and entries keep their own chunks (Remix loads them by name).
      const isOwnChunk = (id: string) => entries.includes(id) || /[\\/]app[\\/](root\.tsx|routes[\\/])/.test(id);
      for (const id of everyPage) {
        // Third-party code apart from ours: a deploy that changes only our code leaves the framework cached.
        if (!isOwnChunk(id)) groups.set(id, id.includes("node_modules") || id.startsWith("\0") ? "framework" : "shell");
      }
      for (const id of everyMainScreen) if (!isOwnChunk(id) && !everyPage.has(id) && !elsewhere.has(id)) groups.set(id, "main-shell");
      for (const screen of firstScreen) {
        for (const id of closures.get(screen)!) {
          if (!isOwnChunk(id) && !groups.has(id) && !everyPage.has(id) && !elsewhere.has(id) && !otherScreens.has(id)) groups.set(id, "chat-shell");
        }
      }
    },
    config(_config, { isSsrBuild }) {
      if (isSsrBuild) return;
      // Only modules named here move; their other dependencies stay where Rollup would put them.
      return { build: { rollupOptions: { output: { onlyExplicitManualChunks: true, manualChunks: (id: string) => groups.get(id) } } } };
    },
  };
}
