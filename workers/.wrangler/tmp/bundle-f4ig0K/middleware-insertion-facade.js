				import worker, * as OTHER_EXPORTS from "/work/wt-perf/workers/document-reader.ts";
				import * as __MIDDLEWARE_0__ from "/work/wt-perf/node_modules/wrangler/templates/middleware/middleware-ensure-req-body-drained.ts";
import * as __MIDDLEWARE_1__ from "/work/wt-perf/node_modules/wrangler/templates/middleware/middleware-miniflare3-json-error.ts";
import * as __MIDDLEWARE_2__ from "/work/wt-perf/node_modules/wrangler/templates/middleware/middleware-patch-console-prefix.ts";

				export * from "/work/wt-perf/workers/document-reader.ts";
				const MIDDLEWARE_TEST_INJECT = "__INJECT_FOR_TESTING_WRANGLER_MIDDLEWARE__";
				export const __INTERNAL_WRANGLER_MIDDLEWARE__ = [
					
					__MIDDLEWARE_0__.default,__MIDDLEWARE_1__.default,__MIDDLEWARE_2__.default
				]
				export default worker;