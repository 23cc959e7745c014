import Box from '@mui/material/Box';
import { alpha, keyframes } from '@mui/material/styles';

const bounce = keyframes`
  0%, 80%, 100% { transform: translateY(0); opacity: 0.4; }
  40% { transform: translateY(-4px); opacity: 1; }
`;

export function TypingIndicator() {
  return (
    <Box
      role="status"
      aria-label="Assistant is typing"
      sx={{
        alignSelf: 'flex-start',
        display: 'inline-flex',
        gap: 0.5,
        px: 1.75,
        py: 1.5,
        borderRadius: 3,
        borderBottomLeftRadius: 4,
        bgcolor: (theme) => alpha(theme.palette.text.primary, 0.07),
      }}
    >
      {[0, 1, 2].map((dot) => (
        <Box
          key={dot}
          aria-hidden
          sx={{
            width: 7,
            height: 7,
            borderRadius: '50%',
            bgcolor: 'text.secondary',
            animation: `${bounce} 1.2s ease-in-out ${dot * 0.15}s infinite`,
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          }}
        />
      ))}
    </Box>
  );
}
