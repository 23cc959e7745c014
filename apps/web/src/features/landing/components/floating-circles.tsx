import type { CSSProperties } from 'react';
import { useFloatingCircles, type FloatingCircle } from '../hooks/use-floating-circles';
import styles from './floating-circles.module.css';

const percent = (fraction: number) => `${Math.min(100, fraction * 100)}%`;

/** One circle's look and motion, as custom properties the stylesheet reads. */
function circleStyle(circle: FloatingCircle): CSSProperties {
  return {
    '--size': `${circle.size}px`,
    '--left': `${circle.left}%`,
    '--color': `var(--cz-${circle.hue})`,
    '--strong': percent(circle.opacity * 2),
    '--weak': percent(circle.opacity / 2),
    '--edge': percent(circle.opacity),
    '--duration': `${circle.duration}s`,
    '--delay': `${circle.delay}s`,
    '--rest': `${(circle.id * 37) % 100}%`,
  } as CSSProperties;
}

/** Decorative circles drifting up behind a section; hidden from assistive technology. */
export function FloatingCircles() {
  const circles = useFloatingCircles();
  return (
    <div aria-hidden data-testid="floating-circles" className={styles.layer}>
      {circles.map((circle) => (
        <div key={circle.id} className={styles.circle} style={circleStyle(circle)} />
      ))}
    </div>
  );
}
