import ChatBubbleRoundedIcon from '@mui/icons-material/ChatBubbleRounded';
import CloseIcon from '@mui/icons-material/Close';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Fab from '@mui/material/Fab';
import Grow from '@mui/material/Grow';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ChatMessageBubble } from './components/chat-message-bubble';
import { TypingIndicator } from './components/typing-indicator';
import { useChat } from './hooks/use-chat';

/** SPEC.md §9. */
export const CHAT_PANEL_WIDTH = 380;
export const CHAT_PANEL_HEIGHT = 480;
export const CHAT_FOCUS_DELAY_MS = 300;

// Leaves room for the bottom player when it is on screen (it sets this variable).
const BOTTOM_OFFSET = 'var(--cadenza-player-offset, 0px)';

/** The floating help assistant, on every page. */
export function ChatWidget() {
  const chat = useChat();
  const [draft, setDraft] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const fabRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const titleId = useId();
  const { isOpen, setOpen } = chat;

  useEffect(() => {
    if (!isOpen) return;
    const timer = window.setTimeout(() => inputRef.current?.focus(), CHAT_FOCUS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [isOpen]);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [chat.messages, chat.isWaiting, isOpen]);

  const submit = (text: string) => {
    if (!text.trim() || chat.isWaiting) return;
    setDraft('');
    void chat.send(text);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(draft);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit(draft);
    }
  };

  const close = () => {
    setOpen(false);
    fabRef.current?.focus();
  };

  const canSend = draft.trim().length > 0 && !chat.isWaiting;

  return (
    <>
      <Grow in={isOpen} style={{ transformOrigin: 'bottom right' }} unmountOnExit>
        <Paper
          id={panelId}
          role="dialog"
          aria-labelledby={titleId}
          elevation={12}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
          sx={(theme) => ({
            position: 'fixed',
            zIndex: theme.zIndex.speedDial + 1,
            display: 'flex',
            flexDirection: 'column',
            overflow: 'hidden',
            border: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
            right: { xs: 0, sm: 24 },
            left: { xs: 0, sm: 'auto' },
            bottom: { xs: 0, sm: `calc(96px + ${BOTTOM_OFFSET})` },
            width: { xs: '100%', sm: CHAT_PANEL_WIDTH },
            height: { xs: 'min(85dvh, 640px)', sm: CHAT_PANEL_HEIGHT },
            maxHeight: { sm: `calc(100dvh - 120px - ${BOTTOM_OFFSET})` },
            borderRadius: { xs: '20px 20px 0 0', sm: 2 },
            boxShadow: '0 24px 64px rgba(0, 0, 0, 0.55)',
          })}
        >
          <Box
            sx={(theme) => ({
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              px: 2,
              py: 1.5,
              background: `linear-gradient(135deg, ${alpha(theme.palette.primary.main, 0.3)}, ${alpha(theme.palette.secondary.main, 0.2)})`,
              borderBottom: 1,
              borderColor: 'divider',
            })}
          >
            <Box
              aria-hidden
              sx={(theme) => ({
                width: 36,
                height: 36,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                color: '#12091f',
                background: `linear-gradient(135deg, ${theme.palette.primary.main}, ${theme.palette.secondary.main})`,
              })}
            >
              <SmartToyOutlinedIcon fontSize="small" />
            </Box>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography id={titleId} component="h2" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
                Cadenza Assistant
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                Ask about playlists, playback and plans
              </Typography>
            </Box>
            <IconButton aria-label="Close chat" onClick={close} size="small">
              <CloseIcon />
            </IconButton>
          </Box>

          <Box
            ref={logRef}
            role="log"
            aria-label="Chat messages"
            aria-live="polite"
            sx={{
              flex: 1,
              overflowY: 'auto',
              p: 2,
              display: 'flex',
              flexDirection: 'column',
              gap: 1.5,
            }}
          >
            {chat.messages.map((message) => (
              <ChatMessageBubble key={message.id} message={message} />
            ))}
            {chat.isWaiting && <TypingIndicator />}
          </Box>

          {chat.notice && (
            <Alert
              severity="error"
              role="alert"
              onClose={chat.dismissNotice}
              sx={{ mx: 2, mb: 1, py: 0, fontSize: '0.825rem' }}
            >
              {chat.notice}
            </Alert>
          )}

          {chat.suggestions.length > 0 && (
            <Box
              role="group"
              aria-label="Suggested questions"
              sx={{ px: 2, pb: 1, display: 'flex', flexWrap: 'wrap', gap: 0.75 }}
            >
              {chat.suggestions.map((suggestion) => (
                <Chip
                  key={suggestion}
                  label={suggestion}
                  size="small"
                  variant="outlined"
                  color="primary"
                  disabled={chat.isWaiting}
                  onClick={() => submit(suggestion)}
                  onDelete={() => chat.dismissSuggestion(suggestion)}
                  aria-label={suggestion}
                  deleteIcon={<CloseIcon titleAccess={`Dismiss suggestion: ${suggestion}`} />}
                  sx={{
                    maxWidth: '100%',
                    height: 'auto',
                    py: 0.5,
                    '& .MuiChip-label': { whiteSpace: 'normal' },
                  }}
                />
              ))}
            </Box>
          )}

          <Box
            component="form"
            onSubmit={handleSubmit}
            aria-label="Ask the assistant"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              p: 1.5,
              borderTop: 1,
              borderColor: 'divider',
            }}
          >
            <InputBase
              inputRef={inputRef}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={handleKeyDown}
              placeholder="Type your question..."
              inputProps={{ 'aria-label': 'Your question', maxLength: 1000 }}
              sx={{
                flex: 1,
                px: 1.75,
                py: 0.75,
                borderRadius: 999,
                bgcolor: alpha('#ffffff', 0.06),
                border: 1,
                borderColor: 'divider',
                '&.Mui-focused': { borderColor: 'primary.main' },
              }}
            />
            <IconButton
              type="submit"
              aria-label="Send message"
              disabled={!canSend}
              sx={{
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                '&:hover': { bgcolor: 'primary.light' },
                '&.Mui-disabled': { bgcolor: alpha('#ffffff', 0.08) },
              }}
            >
              <SendRoundedIcon />
            </IconButton>
          </Box>
        </Paper>
      </Grow>

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
        onClick={() => setOpen(!isOpen)}
        sx={(theme) => ({
          position: 'fixed',
          zIndex: theme.zIndex.speedDial,
          right: { xs: 16, sm: 24 },
          bottom: { xs: `calc(16px + ${BOTTOM_OFFSET})`, sm: `calc(24px + ${BOTTOM_OFFSET})` },
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
