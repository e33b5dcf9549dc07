// Who may use deep research (decision 0043): a signed-in account; a visitor gets 401.
import type { AppContext } from "../context";
import { AppError } from "../errors";
import { getViewer } from "../identity";
import type { ResearchViewer } from "./research";

export async function researchViewer(request: Request, context: AppContext): Promise<ResearchViewer> {
  const viewer = await getViewer(request, context);
  if (viewer.kind !== "user") throw new AppError("research/sign-in-required");
  return { accountId: viewer.user.id, tier: viewer.plan === "pro" ? "pro" : "free" };
}
