import { useId, type ReactNode } from 'react';
import { useController, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import styles from './plain-form-text-field.module.css';

/**
 * An outlined text field bound to the surrounding react-hook-form, drawn with plain CSS as MUI's
 * outlined TextField is (the label rests inside the box and floats into a notch of its outline
 * once the field is focused or filled), for screens that paint before MUI has loaded. Forms
 * validate on submit; editing a field clears only that field's error (docs/product.md §5).
 */
export function PlainFormTextField<T extends FieldValues>({
  name,
  label,
  type = 'text',
  autoComplete,
  endAdornment,
  readOnly = false,
}: {
  name: Path<T>;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  /** Drawn at the end of the box, after the input (a show/hide password button). */
  endAdornment?: ReactNode;
  /** Shown but fixed (the e-mail an invitation is for). */
  readOnly?: boolean;
}) {
  const id = useId();
  const helperId = `${id}-helper-text`;
  const { control, clearErrors } = useFormContext<T>();
  const { field, fieldState } = useController({ name, control });
  // Taken apart: React's lint takes an object holding a `ref` for a ref, unreadable in render.
  const { ref, value, onChange, onBlur } = field;
  const error = fieldState.error?.message;

  return (
    <div className={`${styles.field} ${error ? styles.invalid : ''}`}>
      <div className={`${styles.box} ${endAdornment ? styles.adorned : ''}`}>
        {/* The placeholder is blank: `:placeholder-shown` tells an empty field from a filled one. */}
        <input
          ref={ref}
          id={id}
          className={styles.input}
          name={name}
          type={type}
          autoComplete={autoComplete}
          placeholder=" "
          readOnly={readOnly}
          value={value ?? ''}
          onChange={(event) => {
            onChange(event);
            if (fieldState.error) clearErrors(name);
          }}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? helperId : undefined}
        />
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        <fieldset aria-hidden="true" className={styles.outline}>
          <legend className={styles.notch}>
            <span>{label}</span>
          </legend>
        </fieldset>
        {endAdornment && <div className={styles.adornment}>{endAdornment}</div>}
      </div>
      {error && (
        <p id={helperId} className={styles.helper}>
          {error}
        </p>
      )}
    </div>
  );
}
