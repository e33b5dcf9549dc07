// What Settings › Login connection shows from D1 besides the user's row (which the session read already found), in
// one statement: the login connections, the WhatsApp link, passkeys, two-step sign-in and its recovery codes, and the
// recent security activity. Issue 31 item 3: a signed-in page reads D1 at most twice (the session, then this).
import { sql } from "drizzle-orm";
import type { User } from "../../../db/schema";
import type { PasskeySummary } from "../auth/passkeys";
import { profileOf, type UserProfile } from "../auth/profile";
import { SECURITY_EVENTS_SHOWN, type SecurityEvent } from "../auth/security-activity";
import { twoStepOf, type TwoStepStatus } from "../auth/two-step";
import { getDb } from "../db";
import type { AppConfig, AppEnv } from "../env";
import { AppError } from "../errors";
import type { SignedInViewer } from "../http/auth";
import { whatsappStatusOf, type WhatsAppStatus } from "../whatsapp/link-codes";

export interface LoginPageRows {
  profile: UserProfile;
  whatsapp: WhatsAppStatus;
  passkeys: PasskeySummary[];
  twoStep: TwoStepStatus;
  activity: SecurityEvent[];
}

interface Row {
  connections: string;
  whatsapp: string | null;
  passkeys: string;
  twoStepEnabledAt: number | null;
  recoveryCodesLeft: number;
  activity: string;
}

type Connection = { provider: "email" | "google" | "apple"; email: string | null; verified: number; createdAt: number };
type WhatsAppLink = { phone: string; verifiedAt: number | null; createdAt: number; voiceReplies: number };

export async function loginPageRows(env: AppEnv, config: AppConfig, viewer: SignedInViewer, user: User): Promise<LoginPageRows> {
  let row: Row | undefined;
  try {
    row = await getDb(env).get<Row>(sql`select
      (select json_group_array(json_object('provider', provider, 'email', email, 'verified', verified, 'createdAt', created_at))
        from login_connections where user_id = ${user.id}) as connections,
      (select json_object('phone', phone, 'verifiedAt', verified_at, 'createdAt', created_at, 'voiceReplies', voice_replies)
        from whatsapp_links where user_id = ${user.id}) as whatsapp,
      (select json_group_array(json_object('id', id, 'name', name, 'createdAt', created_at, 'lastUsedAt', last_used_at))
        from passkeys where user_id = ${user.id}) as passkeys,
      (select enabled_at from two_step_secrets where user_id = ${user.id}) as twoStepEnabledAt,
      (select count(*) from recovery_codes where user_id = ${user.id} and used_at is null) as recoveryCodesLeft,
      (select json_group_array(json_object('kind', kind, 'at', created_at))
        from (select kind, created_at from security_events where user_id = ${user.id} order by created_at desc limit ${SECURITY_EVENTS_SHOWN})) as activity`);
  } catch (cause) {
    throw new AppError("auth/profile-unavailable", { cause });
  }
  if (!row) throw new AppError("auth/profile-unavailable");
  const connections = (JSON.parse(row.connections) as Connection[]).map((connection) => ({ ...connection, verified: connection.verified === 1 }));
  const link = row.whatsapp ? (JSON.parse(row.whatsapp) as WhatsAppLink) : undefined;
  return {
    profile: profileOf(user, connections),
    whatsapp: whatsappStatusOf(config, viewer, link && { ...link, voiceReplies: link.voiceReplies === 1 }),
    // Oldest first, as listPasskeys orders them; the activity newest first.
    passkeys: (JSON.parse(row.passkeys) as PasskeySummary[]).sort((a, b) => a.createdAt - b.createdAt),
    twoStep: twoStepOf(row.twoStepEnabledAt, row.recoveryCodesLeft),
    activity: (JSON.parse(row.activity) as SecurityEvent[]).sort((a, b) => b.at - a.at),
  };
}
