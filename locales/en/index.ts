import auth from "./auth.json";
import billing from "./billing.json";
import chat from "./chat.json";
import common from "./common.json";
import documents from "./documents.json";
import errors from "./errors.json";
import gallery from "./gallery.json";
import horoscope from "./horoscope.json";
import images from "./images.json";
import report from "./report.json";
import search from "./search.json";
import seo from "./seo.json";
import settings from "./settings.json";
import tools from "./tools.json";
import whatsapp from "./whatsapp.json";

export default { auth, billing, chat, common, documents, errors, gallery, horoscope, images, report, search, seo, settings, tools, whatsapp };
