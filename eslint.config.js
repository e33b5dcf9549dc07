import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Zod's `z` export is a namespace object that defeats tree-shaking (all locales included: ~66 KB gzip more in the
// worker); `import * as z` lets the bundler keep only what is used.
const ZOD_NAMESPACE_IMPORT = {
  selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z'][importKind!='type']",
  message: 'Use `import * as z from "zod"` so unused parts of zod are tree-shaken.',
};

// Every body is capped while it is read (SECURITY.md "Request bodies"): routes, domain code and workers read a request
// through app/.server/http/request.ts (readForm, readJson, readBytes, readText), never with the unbounded readers.
const UNCAPPED_BODY_READ = {
  selector:
    "CallExpression[callee.property.name=/^(json|formData|text|arrayBuffer|blob)$/]:matches([callee.object.name=/^(request|req)$/], [callee.object.property.name=/^(request|req|raw)$/])",
  message: "Read request bodies with app/.server/http/request.ts (readForm, readJson, readBytes, readText): they stop at a cap while the body arrives.",
};

// Resource routes answer failures through one wrapper (app/.server/http/respond.ts `resource`), not a catch of their own.
const HAND_WRITTEN_API_CATCH = {
  selector: "CatchClause CallExpression[callee.name='apiError']",
  message: "Wrap the loader or action in resource() (app/.server/http/respond.ts): it answers anything thrown with apiError.",
};

// Strings reach the server through `resources` (app/.server/i18n.ts) and a page through its route's `routeStrings`
// (decision 0019 "Strings by namespace"): a locale file imported by app code is how strings ended up in loader data.
const LOCALE_FILE_IMPORT = {
  selector: "ImportDeclaration[source.value=/locales\\u002F\\w+\\u002F[\\w-]+\\.json$/]",
  message: "Read strings from `resources` (app/.server/i18n.ts) on the server; a page names its namespaces with routeStrings (decision 0019).",
};

// One error body (app/lib/error-body.ts, made only by app/.server/http/respond.ts errorAnswer): no answer or type of an
// answer puts a refusal's code, message, field errors or wait beside `ok: false` instead of inside its `error` object.
const OK_FALSE = "Property[key.name='ok'][value.value=false]";
// (esquery's :has takes one child step, so the type's `ok: false` is found as a descendant.)
const OK_FALSE_TYPE = "TSPropertySignature[key.name='ok'] Literal[value=false]";
const FLAT_FIELDS = "/^(message|fieldErrors|retryAfterSeconds)$/";
const SECOND_ERROR_BODY_MESSAGE =
  "A refusal is the one error body { ok: false, error: { code, message, fieldErrors?, details? } } (app/lib/error-body.ts), made by http/respond.ts errorAnswer.";
const SECOND_ERROR_BODY = [
  {
    selector: `ObjectExpression:has(> ${OK_FALSE}) > Property[key.name='error'][value.type=/^(Literal|TemplateLiteral)$/]`,
    message: SECOND_ERROR_BODY_MESSAGE,
  },
  { selector: `ObjectExpression:has(> ${OK_FALSE}) > Property[key.name=${FLAT_FIELDS}]`, message: SECOND_ERROR_BODY_MESSAGE },
  {
    selector: `TSTypeLiteral:has(${OK_FALSE_TYPE}) > TSPropertySignature[key.name='error'] > TSTypeAnnotation > TSStringKeyword`,
    message: SECOND_ERROR_BODY_MESSAGE,
  },
  { selector: `TSTypeLiteral:has(${OK_FALSE_TYPE}) > TSPropertySignature[key.name=${FLAT_FIELDS}]`, message: SECOND_ERROR_BODY_MESSAGE },
];

// One form mechanism (decision 0023): screens check a form through app/lib/use-form.ts, never with a schema of their own.
const FORM_CHECK_OUTSIDE_USE_FORM = {
  selector: "CallExpression:matches([callee.property.name=/^safeParse/], [callee.name='fieldErrorsFrom'])",
  message: "Check a form with useForm (app/lib/use-form.ts) and a lazyForm schema: one check / re-check / focus / server-errors loop for every form.",
};

// Page actions answer failures through one wrapper (app/.server/http/auth.ts `pageAction`), not a catch of their own.
const HAND_WRITTEN_PAGE_CATCH = {
  selector: "CatchClause CallExpression[callee.name='failure']",
  message: "Wrap the action in pageAction() (app/.server/http/auth.ts): it answers anything thrown with failure.",
};

// One button (app/components/ui/button.tsx): a screen draws a button by variant and size, not with a class string of its
// own. Only the parts in app/components/ui may style a raw <button>.
const RAW_BUTTON = {
  selector: "JSXOpeningElement[name.name='button'] > JSXAttribute[name.name='className']",
  message: "Use <Button variant size> from ~/components/ui/button (or buttonVariants() on a link): no class strings on a raw <button>.",
};

// Layering (README "Architecture map", decision 0021): what no module under app/.server imports.
const DOMAIN_LAYERS = [
  { group: ["@remix-run/*"], message: "Domain code is framework-free: return data or throw AppError; adapters live in app/.server/http/." },
  { group: ["~/components/*", "../../components/*", "~/routes/*"], message: "Domain code does not import UI or routes." },
  { group: ["**/workers/*"], message: "workers/ holds entry points only; Durable Objects live beside their domain in app/.server." },
];

export default tseslint.config(
  { ignores: ["build/**", "**/.wrangler/**", "node_modules/**", "workers/worker-configuration.d.ts", "test-results/**", "db/account-migrations/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.worker } },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-restricted-syntax": ["error", ZOD_NAMESPACE_IMPORT],
    },
  },
  {
    // Layering (README "Architecture map", decision 0021): domain modules take env and plain values and return data or throw
    // AppError; only the route layer's adapters under app/.server/http/ turn that into Remix responses. The domain
    // is also what the WhatsApp worker calls, where there is no Remix.
    files: ["app/.server/**/*.{ts,tsx}"],
    ignores: ["app/.server/http/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: DOMAIN_LAYERS,
        },
      ],
    },
  },
  {
    // Code that runs inside the account's object never imports the client that calls the object (decision 0034, "In-object
    // code and its callers"): the object's operations, parts, quota and bookkeeping sit in these files, the functions
    // that call inAccount beside them. Type imports too: they are how the old loop through account/client.ts ran.
    files: [
      "app/.server/**/part.ts",
      "app/.server/**/operations.ts",
      "app/.server/**/*-operations.ts",
      "app/.server/**/usage.ts",
      "app/.server/account/{object,storage,hand-over,alarms,tombstone,parts,part}.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...DOMAIN_LAYERS,
            {
              regex: "((^|/)account|^\\.)/client(\\.ts)?$",
              message:
                "Code inside the account's object does not call the object: move the caller (inAccount) to the domain's caller-side module (decision 0034).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "workers/**/*.ts"],
    rules: { "no-restricted-syntax": ["error", ZOD_NAMESPACE_IMPORT, LOCALE_FILE_IMPORT, ...SECOND_ERROR_BODY, RAW_BUTTON] },
  },
  {
    files: ["app/components/**/*.{ts,tsx}"],
    rules: { "no-restricted-syntax": ["error", ZOD_NAMESPACE_IMPORT, LOCALE_FILE_IMPORT, ...SECOND_ERROR_BODY, FORM_CHECK_OUTSIDE_USE_FORM, RAW_BUTTON] },
  },
  {
    // The shared parts draw their own buttons (the button itself, a tab, a combobox's clear and open controls).
    files: ["app/components/ui/**/*.{ts,tsx}"],
    rules: { "no-restricted-syntax": ["error", ZOD_NAMESPACE_IMPORT, LOCALE_FILE_IMPORT, ...SECOND_ERROR_BODY, FORM_CHECK_OUTSIDE_USE_FORM] },
  },
  {
    files: ["app/routes/**/*.{ts,tsx}", "app/.server/**/*.{ts,tsx}", "workers/**/*.ts"],
    ignores: ["app/.server/http/request.ts", "app/.server/http/auth.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ZOD_NAMESPACE_IMPORT,
        LOCALE_FILE_IMPORT,
        UNCAPPED_BODY_READ,
        ...SECOND_ERROR_BODY,
        HAND_WRITTEN_PAGE_CATCH,
        RAW_BUTTON,
      ],
    },
  },
  {
    // pageAction itself is the one catch that answers with failure.
    files: ["app/.server/http/auth.ts"],
    rules: { "no-restricted-syntax": ["error", ZOD_NAMESPACE_IMPORT, LOCALE_FILE_IMPORT, UNCAPPED_BODY_READ, ...SECOND_ERROR_BODY] },
  },
  {
    files: ["app/routes/api.*.ts", "app/routes/media.*.ts", "app/routes/auth_.sign-out.ts"],
    rules: { "no-restricted-syntax": ["error", ZOD_NAMESPACE_IMPORT, LOCALE_FILE_IMPORT, UNCAPPED_BODY_READ, HAND_WRITTEN_API_CATCH, ...SECOND_ERROR_BODY] },
  },
  {
    // The deployed worker takes the app's modules from the Remix server build (build.entry.module.workerParts): a value
    // import of app code here would bundle a second copy of it beside the build's (decision 0019, "The worker bundles
    // the app once"). Types are erased, so they may come from the sources.
    files: ["workers/app.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/*", "**/app/*"],
              allowTypeImports: true,
              message: "Take it from the server build: add it to app/.server/worker-parts.ts and read it from `parts` (decision 0019).",
            },
          ],
        },
      ],
    },
  },
  {
    // app/lib runs in the browser and on the server alike: it never reaches into server-only code.
    files: ["app/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["~/.server/*", "**/.server/*"], message: "app/lib is isomorphic; server-only code stays in app/.server." }] },
      ],
    },
  },
  {
    files: ["public/sw.js"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ["scripts/**/*.mjs", "tests/**/*.mjs", "*.js"],
    languageOptions: { globals: { ...globals.node } },
  },
);
