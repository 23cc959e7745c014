import { useId, type ReactNode } from 'react';
import { useController, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { PlainIcon } from './plain-icons';
import styles from './plain-form-checkbox.module.css';

/**
 * A checkbox bound to the surrounding react-hook-form, drawn with plain CSS as MUI's Checkbox in
 * a FormControlLabel is; its error clears when it is toggled.
 */
export function PlainFormCheckbox<T extends FieldValues>({
  name,
  label,
}: {
  name: Path<T>;
  label: ReactNode;
}) {
  const errorId = useId();
  const { control, clearErrors } = useFormContext<T>();
  const { field, fieldState } = useController({ name, control });
  // Taken apart: React's lint takes an object holding a `ref` for a ref, unreadable in render.
  const { ref, value, onChange, onBlur } = field;
  const error = fieldState.error?.message;
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
            onChange={(event) => {
              onChange(event.target.checked);
              if (fieldState.error) clearErrors(name);
            }}
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
