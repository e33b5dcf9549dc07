// What Settings › Login connection shows from D1 besides the user's row (identity.ts viewerUserRow), in
// one statement: the login connections, the WhatsApp link, passkeys, two-step sign-in and its recovery codes, and the
// recent security activity (settings/page-rows.ts).
import { sql } from "drizzle-orm";
import type { User } from "../../../db/schema";
import type { PasskeySummary } from "../auth/passkeys";
import { profileOf, type UserProfile } from "../auth/profile";
import { SECURITY_EVENTS_SHOWN, type SecurityEvent } from "../auth/security-activity";
import { twoStepOf, type TwoStepStatus } from "../auth/two-step";
import { schema } from "../db";
import type { AppConfig, AppEnv } from "../env";
import type { SignedInViewer } from "../http/auth";
import { repliesPause } from "../whatsapp/billing-pause";
import { whatsappStatusOf, type WhatsAppStatus } from "../whatsapp/link-codes";
import { connectionsColumn, connectionsOf, readPageRow } from "./page-rows";

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

type WhatsAppLink = { phone: string; verifiedAt: number | null; createdAt: number; voiceReplies: number };

export async function loginPageRows(env: AppEnv, config: AppConfig, viewer: SignedInViewer, user: User): Promise<LoginPageRows> {
  const { whatsappLinks: w, passkeys: p, twoStepSecrets: t, recoveryCodes: r, securityEvents: e } = schema;
  const row = await readPageRow<Row>(
    env,
    sql`select
      ${connectionsColumn(user.id)} as connections,
      (select json_object('phone', ${w.phone}, 'verifiedAt', ${w.verifiedAt}, 'createdAt', ${w.createdAt}, 'voiceReplies', ${w.voiceReplies})
        from ${w} where ${w.userId} = ${user.id}) as whatsapp,
      (select json_group_array(json_object('id', ${p.id}, 'name', ${p.name}, 'createdAt', ${p.createdAt}, 'lastUsedAt', ${p.lastUsedAt}))
        from ${p} where ${p.userId} = ${user.id}) as passkeys,
      (select ${t.enabledAt} from ${t} where ${t.userId} = ${user.id}) as twoStepEnabledAt,
      (select count(*) from ${r} where ${r.userId} = ${user.id} and ${r.usedAt} is null) as recoveryCodesLeft,
      (select json_group_array(json_object('kind', kind, 'at', at))
        from (select ${e.kind} as kind, ${e.createdAt} as at from ${e} where ${e.userId} = ${user.id} order by ${e.createdAt} desc limit ${SECURITY_EVENTS_SHOWN})) as activity`,
  );
  const link = row.whatsapp ? (JSON.parse(row.whatsapp) as WhatsAppLink) : undefined;
  // Only with a linked number: whether a billing error paused replies (the sending number's object, not D1).
  const paused = link ? (await repliesPause(env, config)) !== null : false;
  return {
    profile: profileOf(user, connectionsOf(row.connections)),
    whatsapp: whatsappStatusOf(config, viewer, link && { ...link, voiceReplies: link.voiceReplies === 1 }, paused),
    // Oldest first, as listPasskeys orders them; the activity newest first.
    passkeys: (JSON.parse(row.passkeys) as PasskeySummary[]).sort((a, b) => a.createdAt - b.createdAt),
    twoStep: twoStepOf(row.twoStepEnabledAt, row.recoveryCodesLeft),
    activity: (JSON.parse(row.activity) as SecurityEvent[]).sort((a, b) => b.at - a.at),
  };
}
