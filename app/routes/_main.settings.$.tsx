export { loader } from "./_main.settings._index";
