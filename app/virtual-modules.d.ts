// Modules that vite.config.ts's plugins make at build time.

/** Each language's strings script in the client build, by language ("/assets/en-….js"); empty in development. */
declare module "virtual:locale-modules" {
  const files: Partial<Record<string, string>>;
  export default files;
}
