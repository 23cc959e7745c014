import ChatBubbleRoundedIcon from '@mui/icons-material/ChatBubbleRounded';
import CloseIcon from '@mui/icons-material/Close';
import Badge from '@mui/material/Badge';
import Fab from '@mui/material/Fab';
import { Suspense, useId, useRef, useState } from 'react';
import { lazyComponent } from '@/lib/lazy-component';
import { BOTTOM_OFFSET, CHAT_BUTTON_SIZE, CHAT_LANE_HEIGHT } from './chat-layout';
import { ChatDock } from './chat-dock';
import { useChat } from './hooks/use-chat';

/** The dialog is not needed to paint a page: its code loads when the button is approached. */
export const chatPanel = lazyComponent(() => import('./chat-panel').then((m) => m.ChatPanel));

/** The floating help assistant, on every page. */
export function ChatWidget() {
  const chat = useChat();
  const [draft, setDraft] = useState('');
  const [everOpened, setEverOpened] = useState(false);
  const fabRef = useRef<HTMLButtonElement>(null);
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
    fabRef.current?.focus();
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
      <Fab
        ref={fabRef}
        color="primary"
        aria-label={
          isOpen
            ? 'Close chat'
            : chat.unread > 0
              ? `Open chat, ${chat.unread} unread ${chat.unread === 1 ? 'message' : 'messages'}`
              : 'Open chat'
        }
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        onClick={toggle}
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
        size="medium"
        sx={(theme) => ({
          position: 'fixed',
          zIndex: theme.zIndex.speedDial,
          right: { xs: 16, sm: 24 },
          width: CHAT_BUTTON_SIZE,
          height: CHAT_BUTTON_SIZE,
          // Centred in its lane above the player.
          bottom: `calc(${(CHAT_LANE_HEIGHT - CHAT_BUTTON_SIZE) / 2}px + ${BOTTOM_OFFSET})`,
          display: { xs: isOpen ? 'none' : 'inline-flex', sm: 'inline-flex' },
          background: `linear-gradient(135deg, ${theme.palette.primary.main}, ${theme.palette.secondary.main})`,
          boxShadow: '0 12px 32px rgba(167, 139, 250, 0.35)',
        })}
      >
        <Badge badgeContent={chat.unread} color="error" overlap="circular">
          {isOpen ? <CloseIcon /> : <ChatBubbleRoundedIcon />}
        </Badge>
      </Fab>
    </>
  );
}
