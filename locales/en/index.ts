import auth from "./auth.json";
import billing from "./billing.json";
import chat from "./chat.json";
import common from "./common.json";
import documents from "./documents.json";
import errors from "./errors.json";
import gallery from "./gallery.json";
import settings from "./settings.json";
import tools from "./tools.json";
import whatsapp from "./whatsapp.json";

export default { auth, billing, chat, common, documents, errors, gallery, settings, tools, whatsapp };
