// How the rest of the app reaches an account's data: one Durable Object per account id (a user id, or a visitor's
// guest id), and its operations by name (decision 0026). A request for another account's row reaches only its own
// object, where that row does not exist.
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { ACCOUNT_DELETED, isAccountDeleted } from "./tombstone";
import type { OperationInput, OperationName, OperationResult } from "./operations";

/** The account's Durable Object (its data, its answers being generated, its credits). */
export function accountObject(env: Pick<AppEnv, "ACCOUNT">, accountId: string) {
  return env.ACCOUNT.get(env.ACCOUNT.idFromName(accountId));
}

/** Runs one of the account's operations (account/operations.ts) inside its object; one RPC call. */
export function inAccount<Name extends OperationName>(
  env: Pick<AppEnv, "ACCOUNT">,
  accountId: string,
  name: Name,
  ...input: OperationInput<Name> extends undefined ? [] : [OperationInput<Name>]
): Promise<OperationResult<Name>> {
  // The stub's generated type cannot carry run()'s generic signature across RPC; the registry's types stand in.
  return (accountObject(env, accountId).perform(name, input[0]) as Promise<OperationResult<Name>>).catch((error: unknown) => {
    // Across RPC an AppError arrives as a plain Error: a deleted account's refusal is made whole again (decision 0033).
    throw isAccountDeleted(error) ? new AppError(ACCOUNT_DELETED, { cause: error }) : error;
  });
}
