// The R2 keys of an account's files (decision 0034): `<folder>/<owner id>/<name>`, the folder one a part claims
// (account/parts.ts), so deleting an account is one listing per folder and no file is kept under a folder no part
// knows. Every key of an account's file is made here; tests/unit/account-parts.test.ts finds any made elsewhere.

/**
 * The account's folders. Each is claimed by exactly one part (account/parts.ts fails to typecheck while one is not),
 * and a part can claim no other; named here, not derived from the parts, so a domain's operations make keys without
 * importing the list of parts that imports them (decision 0021, import circles).
 */
export type AccountFolder = "voice-notes" | "speech" | "uploads" | "avatars" | "gallery" | "masks" | "documents" | "exports" | "imports";

/** The key of one of `ownerId`'s files in `folder`; `name` may hold further folders (a thread's, a message's). */
export function accountFileKey(folder: AccountFolder, ownerId: string, name: string): string {
  return `${folder}/${ownerId}/${name}`;
}

/** Where every file of `ownerId` in `folder` starts: what deleting the account lists. */
export function accountFolderPrefix(folder: AccountFolder, ownerId: string): string {
  return `${folder}/${ownerId}/`;
}
