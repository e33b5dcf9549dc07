#!/usr/bin/env node
// `npm run accounts:move -- <origin>`: moves a deployed database's old per-account rows into the accounts' objects
// (decision 0026, README "Deploying"). Enqueues every account that still has rows in the old D1 tables on the
// account-moves queue through the operator endpoint, then prints moved/total until every one is moved. Safe to run
// again at any time: accounts already moved are not enqueued, and a move cut off is finished by the next one.
// `--status` only prints the progress once. The token is ACCOUNT_MOVES_TOKEN, the secret the worker was given.
const [origin, flag] = process.argv.slice(2);
const token = process.env.ACCOUNT_MOVES_TOKEN;
if (!origin || !token) {
  console.error("usage: ACCOUNT_MOVES_TOKEN=<token> npm run accounts:move -- https://your.app [--status]");
  process.exit(2);
}
const endpoint = new URL("/api/admin/account-moves", origin);
const headers = { Authorization: `Bearer ${token}` };

async function call(method, search = "") {
  const response = await fetch(`${endpoint}${search}`, { method, headers });
  if (!response.ok) throw new Error(`${method} ${endpoint.pathname} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

const report = ({ moved, total }) => console.log(`${new Date().toISOString()}  moved ${moved} of ${total} accounts`);
const range = ({ after, through }) => `?after=${encodeURIComponent(after)}${through ? `&through=${encodeURIComponent(through)}` : ""}`;

/**
 * Progress comes a page of owner ids at a time (each page one range of keys, read along the old tables' owner
 * indexes): the first round reads every page, later rounds only the pages with accounts still moving, so a watch of
 * a large move reads less each round instead of the whole of the old tables every 10 seconds.
 */
async function allPages() {
  const pages = [];
  let after = "";
  do {
    const page = await call("GET", range({ after }));
    pages.push({ after, through: page.next, total: page.total, moved: page.moved });
    after = page.next;
  } while (after);
  return pages;
}

const sum = (pages) => pages.reduce((all, page) => ({ total: all.total + page.total, moved: all.moved + page.moved }), { total: 0, moved: 0 });

if (flag === "--status") {
  report(sum(await allPages()));
  process.exit(0);
}

let after = "";
let enqueued = 0;
do {
  const page = await call("POST", `?after=${encodeURIComponent(after)}`);
  enqueued += page.enqueued;
  after = page.next;
} while (after);
console.log(`enqueued ${enqueued} accounts`);

const pages = await allPages();
for (;;) {
  const progress = sum(pages);
  report(progress);
  if (progress.moved >= progress.total) break;
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  for (const page of pages) {
    if (page.moved < page.total) Object.assign(page, await call("GET", range(page)), { after: page.after, through: page.through });
  }
}
console.log('every account is moved: the old tables can be dropped (README "Deploying", db/legacy/drop_old_account_tables.sql).');
