// Every operation that reads or changes an account's own data, by name: each part's (account/parts.ts, decision
// 0034), run inside the account's Durable Object against its SQLite (account/storage.ts) and called through
// account/client.ts `inAccount` (decision 0026). The functions live beside their domain; this only joins them.
import type { AccountOperation } from "./part";
import { accountParts, type AccountParts } from "./parts";

type UnionToIntersection<Union> = (Union extends unknown ? (member: Union) => void : never) extends (all: infer All) => void ? All : never;

export type Operations = UnionToIntersection<AccountParts[number]["operations"]>;

export const operations = Object.assign({}, ...accountParts.map((part) => part.operations)) as Operations;

export type { AccountOperation };
export type OperationName = keyof Operations;
export type OperationInput<Name extends OperationName> = Parameters<Operations[Name]>[1];
export type OperationResult<Name extends OperationName> = Awaited<ReturnType<Operations[Name]>>;
