import Stack from '@mui/material/Stack';
import { useProfile } from '@/api/profile/get-profile';
import { PageHeading, PageSection } from '@/components/page-heading';
import { useAuthStore } from '@/lib/auth-store';
import { AppKeysSection } from './components/app-keys-section';
import { AppearanceSection } from './components/appearance-section';
import { EmailSection } from './components/email-section';
import { NameSection } from './components/name-section';
import { PasswordSection } from './components/password-section';
import { ScrobblingSection } from './components/scrobbling-section';
import { SessionsSection } from './components/sessions-section';
import { SharesSection } from './components/shares-section';
import { TwoFactorSection } from './components/two-factor-section';

/** /account: the signed-in listener's own settings, one section after another. */
export function AccountPage() {
  const stored = useAuthStore((state) => state.user);
  const profile = useProfile();
  // The profile is fresh (an e-mail confirmed elsewhere); the stored user paints at once.
  const name = profile.data?.name ?? stored?.name ?? '';
  const email = profile.data?.email ?? stored?.email ?? '';
  return (
    <PageSection label="Account settings">
      <PageHeading title="Account settings" />
      <Stack spacing={3} sx={{ maxWidth: 960 }}>
        <NameSection name={name} />
        <EmailSection email={email} />
        <PasswordSection />
        <TwoFactorSection />
        <SessionsSection />
        <AppKeysSection email={email} />
        <ScrobblingSection />
        <SharesSection />
        <AppearanceSection />
      </Stack>
    </PageSection>
  );
}
