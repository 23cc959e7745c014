import { useState } from 'react';

/**
 * Whether `value` has been true at any render so far: something mounted on first use (a lazily
 * loaded dialog) stays mounted, so that it can animate closed.
 */
export function useEverTrue(value: boolean): boolean {
  const [ever, setEver] = useState(value);
  if (value && !ever) setEver(true);
  return ever || value;
}
