// Following the end of a conversation while an answer streams in, until the reader scrolls away to read.
import { useEffect, useRef, type RefObject } from "react";
import type { ChatMessage } from "./chat-state";

/** How far (px) below the view the list's end may be and still count as "at the end" after the reader scrolled up. */
const AT_END_SLACK_PX = 48;
/** Keys that move the view up: pressing one while an answer streams means "let me read". */
const UPWARD_KEYS = new Set(["ArrowUp", "PageUp", "Home"]);

/**
 * The element that scrolls the conversation now: the nearest ancestor with its own scrolling that has more content
 * than room, else the page (on most layouts the page itself scrolls).
 */
function scrollerOf(node: HTMLElement): HTMLElement {
  for (let element = node.parentElement; element; element = element.parentElement) {
    const overflow = getComputedStyle(element).overflowY;
    if ((overflow === "auto" || overflow === "scroll") && element.scrollHeight > element.clientHeight) return element;
  }
  return document.scrollingElement instanceof HTMLElement ? document.scrollingElement : document.documentElement;
}

/**
 * Whether a streaming answer should keep the end in view. A reader who scrolls up over the conversation (wheel,
 * touch, keys, the scrollbar) stops the following; reaching the bottom again restarts it. Only gestures stop it: the
 * list's own scrolling, and content growing between a scroll and its event, never do.
 */
function useFollowingGestures(end: RefObject<HTMLElement>) {
  const following = useRef(true);
  useEffect(() => {
    const sentinel = end.current;
    if (!sentinel) return;
    // Gestures count only over the page's main content, not over the sidebar's own lists or a dialog.
    const area = sentinel.closest("main") ?? document.body;
    const over = (event: Event) => event.target instanceof Node && area.contains(event.target);
    const stop = () => {
      following.current = false;
    };
    // The list's last line is in view, give or take `slack` px (a sticky composer may still sit below it on the page).
    const endIsWithin = (slack: number) => {
      const box = scrollerOf(sentinel);
      const bottom = box === document.scrollingElement || box === document.documentElement ? window.innerHeight : box.getBoundingClientRect().bottom;
      return sentinel.getBoundingClientRect().bottom <= bottom + slack;
    };
    // At the end again after the reader scrolled away: following resumes.
    // While following there is nothing to learn, so the scrolls a streaming answer causes cost no style or layout
    // reads; the scroller is looked up only once the reader has scrolled away.
    const onScroll = () => {
      if (!following.current && endIsWithin(AT_END_SLACK_PX)) following.current = true;
    };
    const onWheel = (event: Event) => {
      const { deltaY, deltaMode } = event as WheelEvent;
      if (!over(event) || deltaY >= 0) return;
      stop();
      // A passive wheel scrolls the page before this event reaches the main thread; a streamed chunk painted in
      // between still saw "following" and took the view back to the end (on a busy phone, often), and that scroll's
      // event then counted as "at the end again". The next frame shows whether the gesture was lost that way: still
      // exactly at the end, it is applied once more.
      requestAnimationFrame(() => {
        if (!endIsWithin(1)) return;
        stop();
        const pixels = deltaMode === WheelEvent.DOM_DELTA_PIXEL ? deltaY : deltaMode === WheelEvent.DOM_DELTA_LINE ? deltaY * 40 : -window.innerHeight;
        scrollerOf(sentinel).scrollBy({ top: pixels });
      });
    };
    const onTouchMove = (event: Event) => {
      if (over(event)) stop();
    };
    const onKey = (event: Event) => {
      const target = event.target;
      const typing = target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
      if (!typing && UPWARD_KEYS.has((event as KeyboardEvent).key)) stop();
    };
    // A press on the scrolling element itself (not on anything inside it) is its scrollbar.
    const onPointerDown = (event: Event) => {
      if (event.target === scrollerOf(sentinel)) stop();
    };
    // Scroll events do not bubble; a capturing listener on the window hears the page's and every element's.
    window.addEventListener("scroll", onScroll, { passive: true, capture: true });
    window.addEventListener("wheel", onWheel, { passive: true });
    window.addEventListener("touchmove", onTouchMove, { passive: true });
    window.addEventListener("keydown", onKey);
    window.addEventListener("pointerdown", onPointerDown);
    return () => {
      window.removeEventListener("scroll", onScroll, { capture: true });
      window.removeEventListener("wheel", onWheel);
      window.removeEventListener("touchmove", onTouchMove);
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("pointerdown", onPointerDown);
    };
  }, [end]);
  return following;
}

/**
 * The conversation's end marker, kept in view: a new message (one they sent, or an answer starting) always brings it
 * into view; a growing answer is followed only while the reader has not scrolled away to read something above.
 */
export function useFollowTheEnd(messages: ChatMessage[]) {
  const end = useRef<HTMLDivElement>(null);
  const following = useFollowingGestures(end);
  const lastContent = messages[messages.length - 1]?.content.length ?? 0;
  // An answer that finishes gains its action row below the text, after the last paint of text.
  const lastStatus = messages[messages.length - 1]?.status;
  useEffect(() => {
    following.current = true;
    end.current?.scrollIntoView({ block: "end" });
  }, [messages.length, following]);
  useEffect(() => {
    if (following.current) end.current?.scrollIntoView({ block: "end" });
  }, [lastContent, lastStatus, following]);
  return end;
}
