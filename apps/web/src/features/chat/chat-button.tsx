import type { Ref } from 'react';
import { PlainIcon } from '@/components/plain-icons';
import styles from './chat-button.module.css';

export interface ChatButtonProps {
  ref: Ref<HTMLButtonElement>;
  isOpen: boolean;
  unread: number;
  panelId: string;
  onToggle: () => void;
  /** Pointing at, touching or tabbing to the button: the panel's code may start loading. */
  onApproach: () => void;
}

function labelOf(isOpen: boolean, unread: number): string {
  if (isOpen) return 'Close chat';
  if (unread === 0) return 'Open chat';
  return `Open chat, ${unread} unread ${unread === 1 ? 'message' : 'messages'}`;
}

/**
 * The floating button that opens and closes the help chat. Plain markup and CSS: it is on every
 * page, right after the first paint, and must not bring MUI along.
 */
export function ChatButton({
  ref,
  isOpen,
  unread,
  panelId,
  onToggle,
  onApproach,
}: ChatButtonProps) {
  return (
    <button
      ref={ref}
      type="button"
      className={isOpen ? `${styles.button} ${styles.open}` : styles.button}
      aria-label={labelOf(isOpen, unread)}
      aria-expanded={isOpen}
      aria-controls={isOpen ? panelId : undefined}
      onClick={onToggle}
      onPointerEnter={onApproach}
      onPointerDown={onApproach}
      onFocus={onApproach}
    >
      <span className={styles.icon}>
        <PlainIcon name={isOpen ? 'close' : 'chatBubbleRounded'} />
        {unread > 0 && (
          <span aria-hidden className={styles.badge}>
            {unread}
          </span>
        )}
      </span>
    </button>
  );
}
