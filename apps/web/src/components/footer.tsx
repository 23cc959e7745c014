import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import GitHubIcon from '@mui/icons-material/GitHub';
import InstagramIcon from '@mui/icons-material/Instagram';
import XIcon from '@mui/icons-material/X';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Collapse from '@mui/material/Collapse';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState, type ReactNode } from 'react';
import { Brand, PRODUCT_NAME } from './brand';

const exploreLinks = [
  { label: 'Home', href: '/' },
  { label: 'Discover', href: '/discover' },
  { label: 'Feedback', href: '/feedback' },
];

const socialLinks = [
  { label: 'GitHub', href: 'https://github.com', icon: <GitHubIcon /> },
  { label: 'X', href: 'https://x.com', icon: <XIcon /> },
  { label: 'Instagram', href: 'https://instagram.com', icon: <InstagramIcon /> },
];

/** A titled block of links; on small screens the title toggles it open and shut. */
function FooterSection({
  title,
  collapsible,
  children,
}: {
  title: string;
  collapsible: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const contentId = useId();

  if (!collapsible) {
    return (
      <Box component="section" aria-label={title}>
        <Typography
          component="h2"
          variant="overline"
          sx={{ color: 'text.primary', fontWeight: 700, letterSpacing: '0.1em' }}
        >
          {title}
        </Typography>
        <Box sx={{ mt: 1.5 }}>{children}</Box>
      </Box>
    );
  }

  return (
    <Box component="section" aria-label={title} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Typography component="h2" variant="overline" sx={{ m: 0 }}>
        <ButtonBase
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          aria-controls={contentId}
          sx={{
            width: '100%',
            justifyContent: 'space-between',
            py: 1.5,
            font: 'inherit',
            fontWeight: 700,
            letterSpacing: '0.1em',
            textTransform: 'uppercase',
            color: 'text.primary',
          }}
        >
          {title}
          <ExpandMoreIcon
            aria-hidden
            sx={{ transition: 'transform 200ms', transform: open ? 'rotate(180deg)' : 'none' }}
          />
        </ButtonBase>
      </Typography>
      <Collapse in={open} id={contentId}>
        <Box sx={{ pb: 2 }}>{children}</Box>
      </Collapse>
    </Box>
  );
}

function LinkList({ links }: { links: { label: string; href: string }[] }) {
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {links.map((link) => (
        <li key={link.href}>
          <Link
            href={link.href}
            color="text.secondary"
            underline="hover"
            sx={{ '&:hover': { color: 'text.primary' } }}
          >
            {link.label}
          </Link>
        </li>
      ))}
    </Stack>
  );
}

export function Footer() {
  const theme = useTheme();
  const isSmall = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });

  return (
    <Box
      component="footer"
      sx={{ mt: 'auto', borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
        <Grid container spacing={{ xs: 0, sm: 4 }}>
          <Grid size={{ xs: 12, md: 4 }} sx={{ mb: { xs: 2, md: 0 } }}>
            <Brand />
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5, maxWidth: 320 }}>
              Stream the music you love, build playlists for every mood and listen anywhere.
            </Typography>
          </Grid>
          <Grid size={{ xs: 12, sm: 4, md: 2.5 }}>
            <FooterSection title="Explore" collapsible={isSmall}>
              <LinkList links={exploreLinks} />
            </FooterSection>
          </Grid>
          <Grid size={{ xs: 12, sm: 4, md: 2.5 }}>
            <FooterSection title="Need Help?" collapsible={isSmall}>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
                Questions about your account or the app?
              </Typography>
              <Link href="/contact">Contact Us</Link>
            </FooterSection>
          </Grid>
          <Grid size={{ xs: 12, sm: 4, md: 3 }}>
            <FooterSection title="Follow Us" collapsible={isSmall}>
              <Stack direction="row" spacing={1}>
                {socialLinks.map((social) => (
                  <IconButton
                    key={social.label}
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${PRODUCT_NAME} on ${social.label}`}
                    sx={{ border: 1, borderColor: 'divider', color: 'text.secondary' }}
                  >
                    {social.icon}
                  </IconButton>
                ))}
              </Stack>
            </FooterSection>
          </Grid>
        </Grid>

        <Divider sx={{ my: { xs: 3, md: 4 } }} />

        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
        >
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            © 2025 {PRODUCT_NAME}. All rights reserved.
          </Typography>
          <Stack direction="row" spacing={3} component="nav" aria-label="Legal">
            <Link href="/privacy-policy" variant="body2" color="text.secondary" underline="hover">
              Privacy Policy
            </Link>
            <Link href="/terms-of-service" variant="body2" color="text.secondary" underline="hover">
              Terms of Use
            </Link>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
