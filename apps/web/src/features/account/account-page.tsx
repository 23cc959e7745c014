import { PageHeading, PageSection } from '@/components/page-heading';
import { TwoFactorSection } from './components/two-factor-section';

/** /account: the signed-in listener's own account, section by section. */
export function AccountPage() {
  return (
    <PageSection label="Account">
      <PageHeading title="Account" subtitle="How you sign in to Cadenza" />
      <TwoFactorSection />
    </PageSection>
  );
}
