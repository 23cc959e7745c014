import type { ResetPasswordForm } from '@cadenza/contract/auth';
import { useState } from 'react';
import styles from '../auth-form.module.css';
import { PasswordField } from './password-field';

/** A new password and its confirmation, shown or hidden together by one toggle. */
export function NewPasswordFields() {
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.fields}>
      <PasswordField<ResetPasswordForm>
        name="password"
        label="New Password"
        autoComplete="new-password"
        visible={visible}
        onToggleVisibility={() => setVisible((value) => !value)}
      />
      <PasswordField<ResetPasswordForm>
        name="confirmPassword"
        label="Confirm New Password"
        autoComplete="new-password"
        visible={visible}
      />
    </div>
  );
}
