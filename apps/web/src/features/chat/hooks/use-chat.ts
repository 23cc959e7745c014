import type { ChatTurn } from '@cadenza/contract/chat';
import {
  CHAT_HISTORY_LIMIT,
  chatMessages,
  DEFAULT_CHAT_SUGGESTIONS,
} from '@cadenza/contract/chat-texts';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { useAskChat } from '@/api/chat/ask-chat';
import type { ChatMessage } from '../chat-types';

export const CHAT_GREETING =
  "Hi there! I'm the Cadenza assistant. Ask me anything about playlists, playback, your account or our plans.";
export const KNOWLEDGE_BASE_NOTICE =
  "Sorry, I'm having trouble connecting to my knowledge base. Please try again later.";
export const GENERIC_CHAT_NOTICE = 'Sorry, something went wrong. Please try again.';

export const DEFAULT_SUGGESTIONS: string[] = [...DEFAULT_CHAT_SUGGESTIONS];

let sequence = 0;
function makeMessage(type: ChatMessage['type'], content: string, isError = false): ChatMessage {
  sequence += 1;
  return {
    id: `${Date.now()}-${sequence}`,
    type,
    content,
    time: new Date().toISOString(),
    isError,
  };
}

/** The last 6 messages before the question, as the API wants them. */
export function historyOf(messages: readonly ChatMessage[]): ChatTurn[] {
  return messages
    .slice(-CHAT_HISTORY_LIMIT)
    .map((message) => ({ type: message.type, content: message.content }));
}

/**
 * The help chat's state and rules (docs/product.md §4, §5, §8): blank questions are never sent, one
 * question at a time, replies replace the suggestions, failures reset them to the defaults, and
 * a reply that arrives while the panel is closed (after the user has chatted) counts as unread.
 */
export function useChat() {
  const askChat = useAskChat();
  const [messages, setMessages] = useState<ChatMessage[]>(() => [
    makeMessage('bot', CHAT_GREETING),
  ]);
  const [suggestions, setSuggestions] = useState<string[]>(DEFAULT_SUGGESTIONS);
  const [isWaiting, setIsWaiting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [unread, setUnread] = useState(0);

  const openRef = useRef(isOpen);
  const waitingRef = useRef(false);
  const hasChattedRef = useRef(false);

  const setOpen = useCallback((open: boolean) => {
    openRef.current = open;
    setIsOpen(open);
    if (open) setUnread(0);
  }, []);

  const addBotMessage = useCallback((message: ChatMessage) => {
    setMessages((current) => [...current, message]);
    if (!openRef.current && hasChattedRef.current) setUnread((count) => count + 1);
  }, []);

  const send = useCallback(
    async (text: string) => {
      const question = text.trim();
      if (!question || waitingRef.current) return;
      const history = historyOf(messages);
      hasChattedRef.current = true;
      waitingRef.current = true;
      setIsWaiting(true);
      setNotice(null);
      setMessages((current) => [...current, makeMessage('user', question)]);
      try {
        const answer = await askChat.mutateAsync({ question, history });
        addBotMessage(makeMessage('bot', answer.reply));
        setSuggestions(answer.suggestions.length > 0 ? answer.suggestions : DEFAULT_SUGGESTIONS);
      } catch (error) {
        console.debug('Chat request failed', error);
        setSuggestions(DEFAULT_SUGGESTIONS);
        if (error instanceof ApiError && error.status !== 0) {
          addBotMessage(makeMessage('bot', chatMessages.unavailable, true));
          setNotice(KNOWLEDGE_BASE_NOTICE);
        } else {
          setNotice(GENERIC_CHAT_NOTICE);
        }
      } finally {
        waitingRef.current = false;
        setIsWaiting(false);
      }
    },
    [askChat, addBotMessage, messages],
  );

  const dismissSuggestion = useCallback((suggestion: string) => {
    setSuggestions((current) => current.filter((item) => item !== suggestion));
  }, []);

  return {
    messages,
    suggestions,
    isWaiting,
    notice,
    isOpen,
    unread,
    setOpen,
    send,
    dismissSuggestion,
    dismissNotice: () => setNotice(null),
  };
}
