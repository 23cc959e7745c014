import Box from '@mui/material/Box';
import { alpha, keyframes } from '@mui/material/styles';
import { useFloatingCircles } from '../hooks/use-floating-circles';

const rise = keyframes`
  from { transform: translate3d(0, 0, 0) scale(1); }
  50% { transform: translate3d(12px, -55vh, 0) scale(1.08); }
  to { transform: translate3d(-8px, -110vh, 0) scale(0.9); }
`;

/** Decorative circles drifting up behind a section; hidden from assistive technology. */
export function FloatingCircles() {
  const circles = useFloatingCircles();
  return (
    <Box
      aria-hidden
      data-testid="floating-circles"
      sx={{ position: 'absolute', inset: 0, overflow: 'hidden', pointerEvents: 'none', zIndex: 0 }}
    >
      {circles.map((circle) => (
        <Box
          key={circle.id}
          sx={(theme) => ({
            position: 'absolute',
            bottom: -circle.size,
            left: `${circle.left}%`,
            width: circle.size,
            height: circle.size,
            borderRadius: '50%',
            background: `radial-gradient(circle at 30% 30%, ${alpha(theme.palette[circle.hue].main, circle.opacity * 2)}, ${alpha(theme.palette[circle.hue].main, circle.opacity / 2)})`,
            border: `1px solid ${alpha(theme.palette[circle.hue].main, circle.opacity)}`,
            animation: `${rise} ${circle.duration}s linear ${circle.delay}s infinite`,
            willChange: 'transform',
            '@media (prefers-reduced-motion: reduce)': {
              animation: 'none',
              bottom: `${(circle.id * 37) % 100}%`,
            },
          })}
        />
      ))}
    </Box>
  );
}
