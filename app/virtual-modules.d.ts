// Modules that vite.config.ts's plugins make at build time.

/** Client build files for the server to preload (vite.config.ts `clientModules`); empty in development. */
declare module "virtual:client-modules" {
  /** Each language's strings scripts ("/assets/auth-….js"), by language and namespace. */
  export const strings: Partial<Record<string, Partial<Record<string, string>>>>;
  /** The markdown renderer's script and the chunks it needs beyond the entry's own. */
  export const markdownRenderer: string[];
}

/** The app's parts the deployed worker takes from the server build (vite.config.ts `workerParts`); empty in development. */
declare module "virtual:worker-parts" {
  export * from "~/.server/worker-parts";
}
