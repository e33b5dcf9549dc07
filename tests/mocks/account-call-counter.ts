// Counts the calls a request makes to accounts' Durable Objects (docs/decisions/0026-account-object.md: one call per
// page where one suffices). The ACCOUNT binding is passed through unchanged; each RPC method called on one of its
// stubs is recorded by name, an operation (`perform`) by the operation's own name, and a call named by `failing` is
// refused. Used by the integration tests that hold a request to its number of calls or to what a failed call leaves;
// never part of the deployed worker.
import type { AppEnv } from "../../app/.server/env";

type AccountNamespace = AppEnv["ACCOUNT"];

/** One call: which account's object (by the name it was reached with) and what was asked of it. */
export interface AccountCall {
  account: string;
  call: string;
}

/** A call the object is made to fail (as an unreachable or evicted object would), to test what its caller leaves. */
export type FailingCall = (call: string) => boolean;

/** A stub whose method calls are recorded in `calls` before they go to the real object. */
function countedStub<Stub extends object>(stub: Stub, account: string, calls: AccountCall[], failing?: FailingCall): Stub {
  return new Proxy(stub, {
    get(target, property) {
      const value = Reflect.get(target, property) as unknown;
      if (typeof value !== "function" || typeof property !== "string") return value;
      return (...args: unknown[]) => {
        const call = property === "perform" ? String(args[0]) : property;
        calls.push({ account, call });
        if (failing?.(call)) return Promise.reject(new Error(`${call}: the object could not be reached (test)`));
        // Called on the stub itself: a stub's method is a remote callable, whose own `.apply` would be a remote call too.
        return (target as Record<string, (...args: unknown[]) => unknown>)[property]!(...args);
      };
    },
  });
}

/** The ACCOUNT binding, counting into `calls`; objects are named by account id (account/client.ts accountObject). */
export function countingAccounts(binding: AccountNamespace, calls: AccountCall[], failing?: FailingCall): AccountNamespace {
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
          countedStub(target.get(id, options), names.get(id.toString()) ?? id.toString(), calls, failing);
      const value = Reflect.get(target, property) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
