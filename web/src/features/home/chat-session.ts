import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { CHAT_END_PATH, type SignedInUser } from '@sc/common';

// requirements §4.3: the chat is initialised once (per page load, on first use), and when the page becomes hidden an
// end-chat beacon is sent with the user JSON (requirements §4.5). Module state, not component state: the chat outlives
// the home page's mount (navigating away and back keeps the same chat) but not the page load.

interface ChatState {
  /** The running chat's id, or null before the first open and after a chat ended. */
  chatId: string | null;
}

let state: ChatState = { chatId: null };
let user: SignedInUser | null = null;
let listening = false;
const listeners = new Set<() => void>();

const emit = (next: ChatState) => {
  state = next;
  for (const l of listeners) l();
};

const newChatId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** Sends the end-chat beacon of the running chat, if any, and forgets it. */
function endChat(): void {
  if (!state.chatId) return;
  const body = JSON.stringify({ chatId: state.chatId, user });
  // text/plain is a CORS-safelisted type every browser's sendBeacon accepts; the server reads it as JSON.
  navigator.sendBeacon(CHAT_END_PATH, new Blob([body], { type: 'text/plain;charset=UTF-8' }));
  emit({ chatId: null });
}

function onVisibilityChange() {
  if (document.visibilityState === 'hidden') endChat();
}

/** Starts the chat (once; a running chat is kept) and returns its id. */
function startChat(): string {
  if (state.chatId) return state.chatId;
  if (!listening) {
    // Added once and kept for the page's life: the chat may continue after the home page unmounts.
    document.addEventListener('visibilitychange', onVisibilityChange);
    listening = true;
  }
  const chatId = newChatId();
  emit({ chatId });
  return chatId;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The chat of this page load for the signed-in user: `start()` when the chat dialog opens. */
export function useChatSession(signedIn: SignedInUser) {
  const current = useSyncExternalStore(subscribe, () => state.chatId);
  useEffect(() => {
    user = signedIn;
  }, [signedIn]);
  const start = useCallback(() => startChat(), []);
  return { chatId: current, start };
}

/** For tests: forget the chat of this "page load". */
export function resetChatSession(): void {
  state = { chatId: null };
  user = null;
  document.removeEventListener('visibilitychange', onVisibilityChange);
  listening = false;
}
