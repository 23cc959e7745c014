import type { FieldValues, Path } from 'react-hook-form';
import { PlainFormTextField } from '@/components/plain-form-text-field';
import { PlainIcon } from '@/components/plain-icons';
import styles from './password-field.module.css';

/**
 * A password input. With `onToggleVisibility` it carries the labelled show/hide button;
 * without, it simply follows `visible` (a confirmation field mirroring its partner).
 */
export function PasswordField<T extends FieldValues>({
  name,
  label,
  autoComplete,
  visible,
  onToggleVisibility,
}: {
  name: Path<T>;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  visible: boolean;
  onToggleVisibility?: () => void;
}) {
  return (
    <PlainFormTextField<T>
      name={name}
      label={label}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      endAdornment={
        onToggleVisibility && (
          <button
            type="button"
            className={`cz-icon-button ${styles.toggle}`}
            aria-label={visible ? 'Hide password' : 'Show password'}
            onClick={onToggleVisibility}
            // Keeps the focus (and the caret) in the password field.
            onMouseDown={(event) => event.preventDefault()}
          >
            <PlainIcon name={visible ? 'visibilityOff' : 'visibility'} />
          </button>
        )
      }
    />
  );
}
