import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const bounce = keyframes`
  0%, 100% { transform: scaleY(0.3); }
  50% { transform: scaleY(1); }
`;

/** Three bars that move while the current track plays (still when motion is reduced). */
export function Equaliser() {
  return (
    <Box
      role="img"
      aria-label="Now playing"
      sx={{ display: 'flex', alignItems: 'flex-end', gap: '2px', height: 14, width: 14 }}
    >
      {[0, 1, 2].map((bar) => (
        <Box
          key={bar}
          sx={{
            flex: 1,
            height: '100%',
            bgcolor: 'primary.main',
            borderRadius: '1px',
            transformOrigin: 'bottom',
            animation: `${bounce} ${0.9 + bar * 0.2}s ease-in-out ${bar * -0.3}s infinite`,
            '@media (prefers-reduced-motion: reduce)': {
              animation: 'none',
              transform: `scaleY(${0.5 + bar * 0.2})`,
            },
          }}
        />
      ))}
    </Box>
  );
}
