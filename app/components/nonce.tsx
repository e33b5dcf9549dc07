import { createContext, useContext } from "react";

// The CSP nonce exists only on the server render; in the browser it is empty, which React accepts.
const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
