import { Suspense, useId, useRef, useState } from 'react';
import { lazyMuiComponent } from '@/components/lazy-mui-component';
import { ChatButton } from './chat-button';
import { ChatDock } from './chat-dock';
import { useChat } from './hooks/use-chat';

/**
 * The dialog, drawn with MUI, is not needed to paint a page: its code and MUI's come when the
 * button is approached (pointed at, touched, tabbed to) or pressed, never with the page.
 */
export const chatPanel = lazyMuiComponent(() => import('./chat-panel').then((m) => m.ChatPanel));

/** The floating help assistant, on every page: a plain button, and the panel once opened. */
export function ChatWidget() {
  const chat = useChat();
  const [draft, setDraft] = useState('');
  const [everOpened, setEverOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const titleId = useId();
  const { isOpen, setOpen } = chat;

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
      <ChatDock />
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
      <ChatButton
        ref={buttonRef}
        isOpen={isOpen}
        unread={chat.unread}
        panelId={panelId}
        onToggle={toggle}
        onApproach={preloadPanel}
      />
    </>
  );
}
