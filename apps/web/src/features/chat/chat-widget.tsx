import { Suspense, useId, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { lazyMuiComponent } from '@/components/lazy-mui-component';
import { ASSISTANT_SLOT_ID } from '@/lib/header-slots';
import { ChatButton } from './chat-button';
import { useChat } from './hooks/use-chat';

/**
 * The dialog, drawn with MUI, is not needed to paint a page: its code and MUI's come when the
 * button is approached (pointed at, touched, tabbed to) or pressed, never with the page.
 */
export const chatPanel = lazyMuiComponent(() => import('./chat-panel').then((m) => m.ChatPanel));

/** The header's slot never moves once painted; React reads it again after mounting this widget. */
const staysPut = () => () => undefined;
const findAssistantSlot = () => document.getElementById(ASSISTANT_SLOT_ID);

/**
 * The help assistant, on every page: a plain round button drawn into the header's slot for it
 * (lib/header-slots), so it covers nothing and reserves no band, and the panel once opened.
 */
export function ChatWidget() {
  const chat = useChat();
  const [draft, setDraft] = useState('');
  const [everOpened, setEverOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const titleId = useId();
  const { isOpen, setOpen } = chat;
  const slot = useSyncExternalStore(staysPut, findAssistantSlot, () => null);

  // Pointing at or tabbing to the button fetches the panel's code, mostly before the click.
  const preloadPanel = () => void chatPanel.preload().catch(() => undefined);

  const submit = (text: string) => {
    if (!text.trim() || chat.isWaiting) return;
    setDraft('');
    void chat.send(text);
  };

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const toggle = () => {
    setEverOpened(true);
    setOpen(!isOpen);
  };

  return (
    <>
      {everOpened && (
        <Suspense fallback={null}>
          <chatPanel.Component
            open={isOpen}
            chat={chat}
            draft={draft}
            onDraftChange={setDraft}
            onSubmit={submit}
            onClose={close}
            panelId={panelId}
            titleId={titleId}
          />
        </Suspense>
      )}
      {slot &&
        createPortal(
          <ChatButton
            ref={buttonRef}
            isOpen={isOpen}
            unread={chat.unread}
            panelId={panelId}
            onToggle={toggle}
            onApproach={preloadPanel}
          />,
          slot,
        )}
    </>
  );
}
