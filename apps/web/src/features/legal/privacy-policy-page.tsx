import Typography from '@mui/material/Typography';
import { LegalPage, LegalSection, SupportEmailLink } from './components/legal-page';

export function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <Typography>
          Cadenza is a music streaming service that can be run by anyone on their own server. This
          policy explains what information the Cadenza service you are using collects when you
          listen, how it is used, and the choices you have. The operator of this Cadenza server is
          responsible for the data it holds; by using the service you agree to the practices
          described below.
        </Typography>
      }
    >
      <LegalSection title="1. Information We Collect">
        <Typography>
          We collect only what we need to run the service and to make it better for you.
        </Typography>
        <LegalSection title="Personal information" level={3}>
          <Typography>
            When you create an account we store your name, your email address and a securely hashed
            version of your password (never the password itself). If you add a profile image, we
            store that image too. When you contact support or send feedback, we keep the name, email
            address and message you give us.
          </Typography>
        </LegalSection>
        <LegalSection title="Usage information" level={3}>
          <Typography>
            We record how you use Cadenza: the songs you play and when, the songs you like or save
            to your library, the playlists you create and their contents, and the searches you run.
            This is what powers your Recently Played list, your library and your recommendations.
          </Typography>
        </LegalSection>
        <LegalSection title="Device information" level={3}>
          <Typography>
            Like most web services, our server receives technical details with each request: your IP
            address, browser type and version, operating system, and the date and time of the
            request. We use them to keep the service secure (for example to limit repeated login
            attempts) and to diagnose problems.
          </Typography>
        </LegalSection>
        <LegalSection title="Cookies and local storage" level={3}>
          <Typography>
            Cadenza does not use advertising or third-party tracking cookies. To keep you signed in,
            your browser stores a session token and your basic profile in its local storage (when
            you choose &ldquo;Remember me&rdquo; or sign up) or in session storage (which is cleared
            when you close the tab). The player also remembers your queue and volume on your device
            so that playback resumes where you left off.
          </Typography>
        </LegalSection>
      </LegalSection>

      <LegalSection title="2. How We Use Your Information">
        <Typography component="div">
          We use the information we collect to:
          <ul>
            <li>create and secure your account and keep you signed in;</li>
            <li>stream music to you and remember your likes, library, playlists and history;</li>
            <li>
              send you service emails you ask for, such as password reset links and replies to your
              support requests;
            </li>
            <li>understand which features are used so that we can improve Cadenza;</li>
            <li>detect, prevent and respond to abuse, fraud and security incidents;</li>
            <li>comply with legal obligations.</li>
          </ul>
          We do not sell your personal information, and we do not share it with advertisers. We
          share it only with service providers that help us run Cadenza (for example an email
          delivery or storage provider), under agreements that protect it, or when the law requires
          us to.
        </Typography>
      </LegalSection>

      <LegalSection title="3. Your Rights and Choices">
        <LegalSection title="Account information" level={3}>
          <Typography>
            You can review your profile at any time from your dashboard. You may ask us to correct
            your details, to export the information we hold about you, or to delete your account by
            writing to us at the address below. Deleting your account removes your profile, likes,
            library, playlists and listening history.
          </Typography>
        </LegalSection>
        <LegalSection title="Cookies and browser storage" level={3}>
          <Typography>
            You can clear Cadenza&rsquo;s data from your browser at any time through your browser
            settings, or simply by logging out, which removes the stored session. If you block
            storage entirely, you will need to log in again on every visit.
          </Typography>
        </LegalSection>
        <LegalSection title="Data retention" level={3}>
          <Typography>
            We keep your account information for as long as your account is active. Support messages
            and feedback are kept for as long as they are useful to answer you and to improve the
            service. Server logs are kept for a limited period for security purposes. When you
            delete your account, your personal information is removed from the active database;
            backups are overwritten in their normal cycle.
          </Typography>
        </LegalSection>
        <LegalSection title="Data security" level={3}>
          <Typography>
            Passwords are hashed with a modern, slow hashing algorithm, sessions can be revoked when
            you log out or reset your password, and access to administrative features is restricted.
            No system is perfectly secure, but we work to protect your information and will inform
            you of any breach as the law requires.
          </Typography>
        </LegalSection>
        <LegalSection title="Changes to this policy" level={3}>
          <Typography>
            We may update this policy from time to time. When we do, we will change the &ldquo;Last
            updated&rdquo; date at the top of this page and, for significant changes, let you know
            through the service. Continuing to use Cadenza after a change means you accept the
            updated policy.
          </Typography>
        </LegalSection>
        <LegalSection title="Children" level={3}>
          <Typography>
            Cadenza is not intended for children under 13, and we do not knowingly collect personal
            information from them. If you believe a child under 13 has created an account, please
            contact us so that we can remove it.
          </Typography>
        </LegalSection>
      </LegalSection>

      <LegalSection title="4. Contact Us">
        <Typography>
          If you have any questions about this Privacy Policy or about your personal information,
          please contact us at <SupportEmailLink />.
        </Typography>
      </LegalSection>
    </LegalPage>
  );
}
