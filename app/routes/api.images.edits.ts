import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleEditImage } from "~/.server/images/screen";

/** POST "Edit image": a picture, the change and an optional brush mask become an image job (images/screen.ts). */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleEditImage(request, context);
}
