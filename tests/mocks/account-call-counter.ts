// Counts the calls a request makes to accounts' Durable Objects (docs/decisions/0026-account-object.md: one call per
// page where one suffices). The ACCOUNT binding is passed through unchanged; each RPC method called on one of its
// stubs is recorded by name, an operation (`perform`) by the operation's own name. Used by the integration tests that
// hold a request to its number of calls; never part of the deployed worker.
import type { AppEnv } from "../../app/.server/env";

type AccountNamespace = AppEnv["ACCOUNT"];

/** One call: which account's object (by the name it was reached with) and what was asked of it. */
export interface AccountCall {
  account: string;
  call: string;
}

/** A stub whose method calls are recorded in `calls` before they go to the real object. */
function countedStub<Stub extends object>(stub: Stub, account: string, calls: AccountCall[]): Stub {
  return new Proxy(stub, {
    get(target, property) {
      const value = Reflect.get(target, property) as unknown;
      if (typeof value !== "function" || typeof property !== "string") return value;
      return (...args: unknown[]) => {
        calls.push({ account, call: property === "perform" ? String(args[1]) : property });
        // Called on the stub itself: a stub's method is a remote callable, whose own `.apply` would be a remote call too.
        return (target as Record<string, (...args: unknown[]) => unknown>)[property]!(...args);
      };
    },
  });
}

/** The ACCOUNT binding, counting into `calls`; objects are named by account id (account/client.ts accountObject). */
export function countingAccounts(binding: AccountNamespace, calls: AccountCall[]): AccountNamespace {
  const names = new Map<string, string>();
  return new Proxy(binding, {
    get(target, property) {
      if (property === "idFromName")
        return (name: string) => {
          const id = target.idFromName(name);
          names.set(id.toString(), name);
          return id;
        };
      if (property === "get")
        return (id: DurableObjectId, options?: DurableObjectNamespaceGetDurableObjectOptions) =>
          countedStub(target.get(id, options), names.get(id.toString()) ?? id.toString(), calls);
      const value = Reflect.get(target, property) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
