import { issueTypeLabel, ISSUE_TYPES, supportMessages } from '@cadenza/contract/support';
import { contactFormSchema, type ContactForm } from '@cadenza/contract/support-forms';
import { zodResolver } from '@hookform/resolvers/zod';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import LocationOnOutlinedIcon from '@mui/icons-material/LocationOnOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormProvider, useForm } from 'react-hook-form';
import { FormTextField } from '@/components/form-text-field';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { useToast } from '@/components/toast-context';
import { usePublicConfig } from '@/api/config/get-public-config';
import { useSendContactMessage } from '@/api/support/send-contact-message';
import { ContactCard } from './components/contact-card';

/** docs/product.md §9: contact toasts stay 6 s. */
export const CONTACT_TOAST_DURATION = 6000;
export const SUPPORT_HOURS = 'Monday to Friday 9am-5pm EST';
export const REPLY_TIME = 'We reply within 24 hours';
const INVALID_TOAST_KEY = 'contact-form-invalid';

const emptyForm: ContactForm = { name: '', email: '', subject: '', issueType: '', message: '' };

export function ContactPage() {
  const toast = useToast();
  const { config } = usePublicConfig();
  const sendMessage = useSendContactMessage();
  const form = useForm<ContactForm>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: emptyForm,
    reValidateMode: 'onSubmit',
  });
  const toastOptions = {
    position: 'bottom-right',
    autoHideDuration: CONTACT_TOAST_DURATION,
  } as const;

  const handleSubmit = form.handleSubmit(
    (values) => {
      const subject = values.subject?.trim();
      sendMessage.mutate(
        {
          name: values.name.trim(),
          email: values.email.trim(),
          ...(subject ? { subject } : {}),
          issueType: values.issueType as (typeof ISSUE_TYPES)[number]['value'],
          message: values.message.trim(),
          date: new Date().toISOString(),
          issueTypeLabel: issueTypeLabel(values.issueType),
        },
        {
          onSuccess: () => {
            // The form is fixed and sent, so an earlier "please correct" toast no longer applies.
            toast.closeByKey(INVALID_TOAST_KEY);
            toast.success(supportMessages.contactSent, toastOptions);
            form.reset(emptyForm);
          },
          onError: () => toast.error(supportMessages.contactFailed, toastOptions),
        },
      );
    },
    () =>
      toast.error(supportMessages.contactFormInvalid, {
        ...toastOptions,
        key: INVALID_TOAST_KEY,
      }),
  );

  const cards = [
    {
      icon: <EmailOutlinedIcon />,
      title: 'Email',
      content: <Link href={`mailto:${config.supportEmail}`}>{config.supportEmail}</Link>,
      show: true,
    },
    {
      icon: <PhoneOutlinedIcon />,
      title: 'Phone',
      content: config.supportPhone ? (
        <Link href={`tel:${config.supportPhone.replace(/[^\d+]/g, '')}`}>
          {config.supportPhone}
        </Link>
      ) : null,
      show: Boolean(config.supportPhone),
    },
    {
      icon: <LocationOnOutlinedIcon />,
      title: 'Address',
      content: <Box sx={{ whiteSpace: 'pre-line' }}>{config.supportAddress}</Box>,
      show: Boolean(config.supportAddress),
    },
    {
      icon: <AccessTimeIcon />,
      title: 'Support Hours',
      content: (
        <>
          <Box component="span" sx={{ display: 'block' }}>
            {SUPPORT_HOURS}
          </Box>
          <Box component="span" sx={{ display: 'block' }}>
            {REPLY_TIME}
          </Box>
        </>
      ),
      show: true,
    },
  ].filter((card) => card.show);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <title>Contact Us · Cadenza</title>
      <PageBreadcrumbs current="Contact" />
      <Box sx={{ mb: { xs: 3, md: 5 }, maxWidth: 640 }}>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.75rem' } }}>
          Contact Us
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1.5, fontSize: '1.05rem' }}>
          Questions about your account, playback or an idea for a feature? Send us a message and our
          team will get back to you.
        </Typography>
      </Box>

      <Grid container spacing={{ xs: 3, md: 4 }}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {cards.map((card) => (
              <Grid key={card.title} size={{ xs: 12, sm: 6, md: 12 }} component="li">
                <ContactCard icon={card.icon} title={card.title}>
                  {card.content}
                </ContactCard>
              </Grid>
            ))}
          </Grid>
        </Grid>

        <Grid size={{ xs: 12, md: 8 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 2 }}>
            <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
              Send us a message
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
              Fields marked with * are required.
            </Typography>
            <FormProvider {...form}>
              <Box
                component="form"
                noValidate
                onSubmit={(event) => void handleSubmit(event)}
                aria-label="Contact"
              >
                <Grid container spacing={2.5}>
                  <Grid size={{ xs: 12, sm: 6 }}>
                    <FormTextField<ContactForm>
                      name="name"
                      label="Your Name"
                      autoComplete="name"
                      required
                    />
                  </Grid>
                  <Grid size={{ xs: 12, sm: 6 }}>
                    <FormTextField<ContactForm>
                      name="email"
                      label="Email Address"
                      type="email"
                      autoComplete="email"
                      required
                    />
                  </Grid>
                  <Grid size={{ xs: 12, sm: 6 }}>
                    <FormTextField<ContactForm> name="subject" label="Subject (Optional)" />
                  </Grid>
                  <Grid size={{ xs: 12, sm: 6 }}>
                    <FormTextField<ContactForm> name="issueType" label="Issue Type" select required>
                      {ISSUE_TYPES.map((type) => (
                        <MenuItem key={type.value} value={type.value}>
                          {type.label}
                        </MenuItem>
                      ))}
                    </FormTextField>
                  </Grid>
                  <Grid size={12}>
                    <FormTextField<ContactForm>
                      name="message"
                      label="Message"
                      multiline
                      minRows={5}
                      required
                    />
                  </Grid>
                </Grid>

                <Stack
                  direction={{ xs: 'column-reverse', sm: 'row' }}
                  spacing={1.5}
                  sx={{ mt: 3, justifyContent: 'flex-end' }}
                >
                  <Button
                    type="button"
                    variant="outlined"
                    color="inherit"
                    size="large"
                    onClick={() => form.reset(emptyForm)}
                    disabled={sendMessage.isPending}
                  >
                    Clear Form
                  </Button>
                  <Button
                    type="submit"
                    variant="contained"
                    size="large"
                    endIcon={<SendIcon />}
                    disabled={sendMessage.isPending}
                  >
                    {sendMessage.isPending ? 'Sending...' : 'Send Message'}
                  </Button>
                </Stack>

                <Typography variant="body2" sx={{ color: 'text.secondary', mt: 3 }}>
                  By sending this message you agree to our{' '}
                  <Link href="/privacy-policy">Privacy Policy</Link> and{' '}
                  <Link href="/terms-of-service">Terms of Service</Link>.
                </Typography>
              </Box>
            </FormProvider>
          </Paper>
        </Grid>
      </Grid>
    </Container>
  );
}
