// docs/product.md §2: /ai-chat is the same chat screen as /web-main.
export { default, ErrorBoundary, loader, meta } from "./_main.web-main.($threadId)";
