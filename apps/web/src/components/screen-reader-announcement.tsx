import Box from '@mui/material/Box';

/**
 * A live region that only screen readers hear: what a keyboard or drag change did (a row moved,
 * removed, cleared), said without moving the focus. `assertive` interrupts what is being read.
 */
export function ScreenReaderAnnouncement({
  message,
  assertive = false,
}: {
  message: string;
  assertive?: boolean;
}) {
  return (
    <Box
      role="status"
      aria-live={assertive ? 'assertive' : 'polite'}
      sx={{
        position: 'absolute',
        width: '1px',
        height: '1px',
        overflow: 'hidden',
        clipPath: 'inset(50%)',
      }}
    >
      {message}
    </Box>
  );
}
