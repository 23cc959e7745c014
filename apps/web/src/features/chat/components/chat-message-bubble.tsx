import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { ChatMessage } from '../chat-types';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

export function ChatMessageBubble({ message }: { message: ChatMessage }) {
  const isUser = message.type === 'user';
  return (
    <Box
      data-testid={`chat-message-${message.type}`}
      data-error={message.isError ? 'true' : undefined}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: isUser ? 'flex-end' : 'flex-start',
      }}
    >
      <Box
        sx={(theme) => ({
          maxWidth: '85%',
          px: 1.75,
          py: 1.25,
          borderRadius: 3,
          borderBottomRightRadius: isUser ? 4 : undefined,
          borderBottomLeftRadius: isUser ? undefined : 4,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          fontSize: '0.925rem',
          lineHeight: 1.5,
          ...(isUser
            ? {
                color: theme.palette.primary.contrastText,
                background: `linear-gradient(135deg, ${theme.palette.primary.main}, ${theme.palette.secondary.main})`,
              }
            : message.isError
              ? {
                  color:
                    theme.palette.mode === 'dark'
                      ? theme.palette.error.light
                      : theme.palette.error.dark,
                  bgcolor: alpha(theme.palette.error.main, 0.12),
                  border: `1px solid ${alpha(theme.palette.error.main, 0.5)}`,
                }
              : { bgcolor: alpha(theme.palette.text.primary, 0.07) }),
        })}
      >
        <Typography
          component="span"
          sx={{
            position: 'absolute',
            width: 1,
            height: 1,
            overflow: 'hidden',
            clip: 'rect(0 0 0 0)',
          }}
        >
          {isUser ? 'You: ' : 'Assistant: '}
        </Typography>
        {message.isError && (
          <ErrorOutlineIcon
            aria-hidden
            fontSize="small"
            sx={{ verticalAlign: 'text-bottom', mr: 0.75 }}
          />
        )}
        {message.content}
      </Box>
      <Typography
        variant="caption"
        component="time"
        dateTime={message.time}
        sx={{ color: 'text.secondary', mt: 0.5, px: 0.5 }}
      >
        {timeFormat.format(new Date(message.time))}
      </Typography>
    </Box>
  );
}
