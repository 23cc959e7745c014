import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LegalPage, LegalSection, SupportEmailLink } from './components/legal-page';

/** docs/product.md §9. */
export const MINIMUM_AGE = 13;
export const CANCEL_NOTICE_HOURS = 24;

const expandableTerms: { title: string; body: ReactNode }[] = [
  {
    title: 'Termination',
    body: (
      <Typography>
        You may stop using Cadenza and ask us to delete your account at any time. We may suspend or
        terminate your access, with or without notice, if you break these Terms, if your use puts
        the service or other users at risk, or if the law requires us to. When your account ends,
        your right to use the service ends with it, and your playlists, library and history may be
        deleted. Sections that by their nature should survive termination (intellectual property,
        disclaimers, limitation of liability) continue to apply.
      </Typography>
    ),
  },
  {
    title: 'Disclaimer of Warranties',
    body: (
      <Typography>
        Cadenza is provided &ldquo;as is&rdquo; and &ldquo;as available&rdquo;. To the fullest
        extent permitted by law, we make no warranties of any kind, express or implied, including
        warranties of merchantability, fitness for a particular purpose, and non-infringement. We do
        not promise that the service will be uninterrupted, error-free or secure, or that any
        particular song will remain available.
      </Typography>
    ),
  },
  {
    title: 'Limitation of Liability',
    body: (
      <Typography>
        To the fullest extent permitted by law, Cadenza and its operators will not be liable for any
        indirect, incidental, special, consequential or punitive damages, or for any loss of data,
        profits or goodwill, arising from your use of or inability to use the service. Our total
        liability for any claim relating to the service is limited to the amount you paid us for the
        service in the twelve months before the claim, or, if you paid nothing, to zero.
      </Typography>
    ),
  },
  {
    title: 'Changes to Terms',
    body: (
      <Typography>
        We may revise these Terms from time to time. When we do, we will update the &ldquo;Last
        updated&rdquo; date above, and for material changes we will notify you through the service
        or by email before they take effect. If you keep using Cadenza after the changes take
        effect, you accept the revised Terms; if you do not agree, stop using the service.
      </Typography>
    ),
  },
  {
    title: 'Governing Law',
    body: (
      <Typography>
        These Terms are governed by the laws of the place where the operator of this Cadenza service
        is established, without regard to its conflict-of-law rules. Any dispute will be brought
        before the competent courts of that place, unless the mandatory consumer protection law of
        your country of residence gives you the right to bring it elsewhere.
      </Typography>
    ),
  },
];

export function TermsOfServicePage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro={
        <Typography>
          Welcome to Cadenza. These Terms of Service govern your use of the Cadenza music streaming
          service, including its website, player and related features. Please read them carefully.
        </Typography>
      }
    >
      <LegalSection title="1. Agreement to Terms">
        <Typography>
          By creating an account or otherwise using Cadenza, you agree to be bound by these Terms
          and by our <Link href="/privacy-policy">Privacy Policy</Link>. If you do not agree, you
          may not use the service.
        </Typography>
      </LegalSection>

      <LegalSection title="2. User Accounts">
        <Typography component="div">
          <ul>
            <li>
              You must be at least {MINIMUM_AGE} years old to create an account. If you are under
              the age of majority where you live, you may use Cadenza only with the consent of a
              parent or guardian.
            </li>
            <li>
              You agree to give accurate information when you sign up and to keep it up to date.
            </li>
            <li>
              You are responsible for keeping your password confidential and for all activity under
              your account. Tell us at once if you suspect unauthorised use.
            </li>
            <li>Accounts are personal: do not share, sell or transfer yours.</li>
          </ul>
        </Typography>
      </LegalSection>

      <LegalSection title="3. User Content">
        <Typography>
          You may create playlists, upload cover images and send us messages and feedback
          (&ldquo;User Content&rdquo;). You keep any rights you hold in your User Content, and you
          give Cadenza a worldwide, non-exclusive, royalty-free licence to store, display and
          process it as needed to operate the service. You are responsible for your User Content and
          confirm that you have the rights to share it and that it does not infringe anyone
          else&rsquo;s rights or break the law. We may remove User Content that breaks these Terms.
        </Typography>
      </LegalSection>

      <LegalSection title="4. Subscriptions">
        <Typography component="div">
          <ul>
            <li>
              Cadenza may offer free and paid plans. During early access, premium features are
              available free of charge for a limited time; paid plans are announced on our{' '}
              <Link href="/pricing">pricing page</Link> before they are introduced.
            </li>
            <li>
              Paid subscriptions are billed in advance for each billing period (monthly or yearly)
              and renew automatically at the end of each period unless you cancel at least{' '}
              {CANCEL_NOTICE_HOURS} hours before the current period ends.
            </li>
            <li>
              After cancelling, you keep premium access until the end of the period already paid
              for. Payments are non-refundable except where the law requires otherwise.
            </li>
            <li>
              We may change subscription prices; any change applies from your next billing period,
              and we will tell you about it in advance.
            </li>
          </ul>
        </Typography>
      </LegalSection>

      <LegalSection title="5. Prohibited Activities">
        <Typography component="div">
          When using Cadenza, you agree not to:
          <ul>
            <li>copy, redistribute, sell or publicly perform music streamed from the service;</li>
            <li>circumvent any technical protection, rate limit or access control;</li>
            <li>
              use bots, scrapers or other automated means to access the service or to inflate play
              counts;
            </li>
            <li>upload content that is unlawful, infringing, harmful or malicious;</li>
            <li>interfere with or disrupt the service, its servers or other users;</li>
            <li>impersonate any person or misrepresent your affiliation with anyone.</li>
          </ul>
        </Typography>
      </LegalSection>

      <LegalSection title="6. Intellectual Property">
        <Typography>
          The Cadenza service, its software, design, logos and text are protected by copyright,
          trademark and other laws. The music and artwork available through Cadenza belong to their
          respective rights holders and are licensed to you only for personal, non-commercial
          streaming within the service. Nothing in these Terms transfers any ownership rights to
          you.
        </Typography>
      </LegalSection>

      <LegalSection title="7. Other Terms">
        <Box>
          {expandableTerms.map((item) => (
            <Accordion
              key={item.title}
              disableGutters
              variant="outlined"
              sx={{ bgcolor: 'transparent', '&:not(:last-of-type)': { borderBottom: 0 } }}
            >
              <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                <Typography component="span" sx={{ fontWeight: 600 }}>
                  {item.title}
                </Typography>
              </AccordionSummary>
              <AccordionDetails>{item.body}</AccordionDetails>
            </Accordion>
          ))}
        </Box>
      </LegalSection>

      <LegalSection title="8. Contact Us">
        <Typography>
          If you have any questions about these Terms, please contact us at <SupportEmailLink />.
        </Typography>
      </LegalSection>
    </LegalPage>
  );
}
