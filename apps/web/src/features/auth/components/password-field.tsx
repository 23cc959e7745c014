import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import type { FieldValues, Path } from 'react-hook-form';
import { FormTextField } from '@/components/form-text-field';

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
    <FormTextField<T>
      name={name}
      label={label}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      slotProps={{
        input: onToggleVisibility
          ? {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    aria-label={visible ? 'Hide password' : 'Show password'}
                    onClick={onToggleVisibility}
                    onMouseDown={(event) => event.preventDefault()}
                    edge="end"
                  >
                    {visible ? <VisibilityOff /> : <Visibility />}
                  </IconButton>
                </InputAdornment>
              ),
            }
          : {},
      }}
    />
  );
}
