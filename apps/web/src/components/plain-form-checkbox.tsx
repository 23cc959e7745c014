import type { FieldValues } from 'react-hook-form';
import { useFormCheckboxField, type FormCheckboxProps } from './form-checkbox-field';
import { PlainIcon } from './plain-icons';
import styles from './plain-form-checkbox.module.css';

/**
 * A checkbox bound to the surrounding react-hook-form, drawn with plain CSS as MUI's Checkbox in
 * a FormControlLabel is; its error clears when it is toggled.
 */
export function PlainFormCheckbox<T extends FieldValues>({ name, label }: FormCheckboxProps<T>) {
  const { field, error, errorId, toggle } = useFormCheckboxField<T>(name);
  // Taken apart: React's lint takes an object holding a `ref` for a ref, unreadable in render.
  const { ref, value, onBlur } = field;
  const checked = Boolean(value);

  return (
    <div className={error ? styles.invalid : undefined}>
      <label className={styles.control}>
        <span className={`${styles.box} ${checked ? styles.checked : ''}`}>
          <input
            ref={ref}
            type="checkbox"
            className={styles.input}
            name={name}
            checked={checked}
            onChange={(event) => toggle(event.target.checked)}
            onBlur={onBlur}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <PlainIcon name={checked ? 'checkBox' : 'checkBoxOutlineBlank'} />
        </span>
        <span className={styles.label}>{label}</span>
      </label>
      {error && (
        <p id={errorId} className={styles.helper}>
          {error}
        </p>
      )}
    </div>
  );
}
