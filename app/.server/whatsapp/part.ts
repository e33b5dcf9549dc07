// WhatsApp's part of an account (decision 0034): nothing in the account's own object. The link (number <-> account)
// is a D1 row, found by owner; the number's bookkeeping (message ids, reply statuses, failed sends, the 24-hour
// window, what D1 said of the link) is in the number's own object (number-object.ts, decision 0036), which is not the
// account's object: it is keyed by the number. Deletion reaches it through the link row: the deletion job's counters
// step empties the object of the number linked to the account (number.ts eraseNumbersOf) before its D1 rows go, and an
// unlink or a move of the number to another account empties it too (link-codes.ts, linking.ts). Its rows are not
// exported (delivery bookkeeping that expires within 30 days); the link is, with the sign-in data (exports/sign-in.ts).
import { accountPart } from "../account/part";

export const whatsappPart = accountPart({
  name: "whatsapp",
  tables: [],
  folders: [],
  operations: {},
});
