import CloseIcon from '@mui/icons-material/Close';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grow from '@mui/material/Grow';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useEffect, useRef, type FormEvent, type KeyboardEvent } from 'react';
import {
  BOTTOM_OFFSET,
  CHAT_FOCUS_DELAY_MS,
  CHAT_PANEL_HEIGHT,
  CHAT_PANEL_WIDTH,
  PANEL_GAP,
  PANEL_TOP_NARROW,
  PANEL_TOP_WIDE,
} from './chat-layout';
import { ChatMessageBubble } from './components/chat-message-bubble';
import { TypingIndicator } from './components/typing-indicator';
import type { useChat } from './hooks/use-chat';

export interface ChatPanelProps {
  open: boolean;
  chat: ReturnType<typeof useChat>;
  draft: string;
  onDraftChange: (draft: string) => void;
  /** Sends `text` as a question (blank ones and those while waiting are ignored). */
  onSubmit: (text: string) => void;
  onClose: () => void;
  panelId: string;
  titleId: string;
}

/** The assistant's dialog: loaded the first time it opens (or when the browser is idle). */
export function ChatPanel({
  open,
  chat,
  draft,
  onDraftChange,
  onSubmit,
  onClose,
  panelId,
  titleId,
}: ChatPanelProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const timer = window.setTimeout(() => inputRef.current?.focus(), CHAT_FOCUS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [open]);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [chat.messages, chat.isWaiting, open]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(draft);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onSubmit(draft);
    }
  };

  const canSend = draft.trim().length > 0 && !chat.isWaiting;

  return (
    <Grow in={open} style={{ transformOrigin: 'top right' }} unmountOnExit>
      <Paper
        id={panelId}
        role="dialog"
        aria-labelledby={titleId}
        elevation={12}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
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
          // A sheet from the bottom on a phone; from sm up, under the header's button.
          bottom: { xs: 0, sm: 'auto' },
          top: { xs: 'auto', sm: PANEL_TOP_NARROW, md: PANEL_TOP_WIDE },
          width: { xs: '100%', sm: CHAT_PANEL_WIDTH },
          height: { xs: 'min(85dvh, 640px)', sm: CHAT_PANEL_HEIGHT },
          maxHeight: {
            sm: `calc(100dvh - ${PANEL_TOP_NARROW + PANEL_GAP}px - ${BOTTOM_OFFSET})`,
            md: `calc(100dvh - ${PANEL_TOP_WIDE + PANEL_GAP}px - ${BOTTOM_OFFSET})`,
          },
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
              color: theme.palette.primary.contrastText,
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
          <IconButton aria-label="Close chat" onClick={onClose} size="small">
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
                onClick={() => onSubmit(suggestion)}
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
            onChange={(event) => onDraftChange(event.target.value)}
            onKeyDown={handleKeyDown}
            placeholder="Type your question..."
            inputProps={{ 'aria-label': 'Your question', maxLength: 1000 }}
            sx={{
              flex: 1,
              px: 1.75,
              py: 0.75,
              borderRadius: 999,
              bgcolor: (theme) => alpha(theme.palette.text.primary, 0.06),
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
              '&.Mui-disabled': { bgcolor: 'action.disabledBackground' },
            }}
          >
            <SendRoundedIcon />
          </IconButton>
        </Box>
      </Paper>
    </Grow>
  );
}
