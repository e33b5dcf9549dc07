// An account's upload as a `data:` URL for a model, read inside its object (upload row, then R2): a chat's attached
// photo (chat/turn/inputs.ts) and a project's images (projects/turn.ts).
import type { AccountContext } from "../account/schema";
import { base64Encode } from "../auth/crypto";
import { uploadOperations } from "./upload-operations";

/** One of the account's own uploads as a `data:` URL, or undefined (no such upload, or its file is gone). */
export async function imageDataUrl(account: AccountContext, attachmentId: string | null): Promise<string | undefined> {
  if (!attachmentId) return undefined;
  const upload = uploadOperations["uploads.find"](account, { id: attachmentId });
  if (!upload) return undefined;
  const object = await account.env.MEDIA.get(upload.r2Key);
  if (!object) return undefined;
  return `data:${upload.contentType};base64,${base64Encode(new Uint8Array(await object.arrayBuffer()))}`;
}
