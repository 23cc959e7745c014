import {
  ANONYMOUS_USER,
  RATING_LABELS,
  RECOMMEND_OPTIONS,
  ratingLabel,
  recommendLabel,
  supportMessages,
  USABILITY_OPTIONS,
  usabilityLabel,
  type FeedbackBody,
} from '@cadenza/contract/support';
import { feedbackFormSchema, type FeedbackForm } from '@cadenza/contract/support-forms';
import { zodResolver } from '@hookform/resolvers/zod';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import StarIcon from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { FormProvider, useController, useForm, useFormContext } from 'react-hook-form';
import { FormTextField } from '@/components/form-text-field';
import { useToast } from '@/components/toast-context';
import { useAuthStore } from '@/lib/auth-store';
import { useSubmitFeedback } from '@/api/support/submit-feedback';
import { ChoiceQuestion } from './components/choice-question';
import { QuestionFieldset } from './components/question-fieldset';

const INVALID_TOAST_KEY = 'feedback-form-invalid';

const emptyForm: FeedbackForm = {
  rating: 0,
  usability: '',
  recommend: '',
  liked: '',
  improvements: '',
  additionalFeedback: '',
};

function RatingQuestion() {
  const labelId = useId();
  const errorId = useId();
  const [hover, setHover] = useState(-1);
  const { control, clearErrors } = useFormContext<FeedbackForm>();
  const { field, fieldState } = useController({ name: 'rating', control });
  const error = fieldState.error?.message;
  const shown = hover > 0 ? hover : field.value;

  return (
    <QuestionFieldset
      label="How would you rate your overall experience?"
      labelId={labelId}
      error={error}
      errorId={errorId}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Rating
          name={field.name}
          value={field.value || null}
          size="large"
          getLabelText={(value) => `${value} Star${value === 1 ? '' : 's'}, ${ratingLabel(value)}`}
          onChange={(_, value) => {
            field.onChange(value && Number.isFinite(value) ? value : 0);
            if (fieldState.error) clearErrors('rating');
          }}
          onChangeActive={(_, value) => setHover(value)}
          emptyIcon={<StarIcon fontSize="inherit" sx={{ opacity: 0.3 }} />}
          aria-labelledby={labelId}
          aria-describedby={error ? errorId : undefined}
          sx={{ fontSize: { xs: '2.25rem', sm: '2.5rem' } }}
        />
        <Typography
          aria-live="polite"
          sx={{ color: 'text.secondary', minWidth: 110, fontWeight: 600 }}
        >
          {shown > 0 ? RATING_LABELS[shown - 1] : ''}
        </Typography>
      </Stack>
    </QuestionFieldset>
  );
}

function ThankYou({ onReset }: { onReset: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The form it replaces may have been scrolled far down, with focus on its (now gone) submit
  // button: bring the page top, and the thanks below the sticky header, into view and move focus
  // to the heading.
  useEffect(() => {
    window.scrollTo({ top: 0 });
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, borderRadius: 2, textAlign: 'center' }}>
      <CheckCircleIcon aria-hidden sx={{ fontSize: 72, color: 'success.main', mb: 2 }} />
      <Typography
        ref={headingRef}
        variant="h5"
        component="h2"
        role="status"
        tabIndex={-1}
        sx={{ mb: 1.5, outline: 'none' }}
      >
        {supportMessages.feedbackSent}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 4 }}>
        We read every response. Your thoughts help us shape what Cadenza becomes next.
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'center' }}
      >
        <Button variant="contained" size="large" onClick={onReset}>
          Submit Another Response
        </Button>
        <Button href="/" variant="outlined" color="inherit" size="large">
          Back to Home
        </Button>
      </Stack>
    </Paper>
  );
}

export function FeedbackPage() {
  const toast = useToast();
  const userName = useAuthStore((state) => state.user?.name);
  const submit = useSubmitFeedback();
  const [submitted, setSubmitted] = useState(false);
  const form = useForm<FeedbackForm>({
    resolver: zodResolver(feedbackFormSchema),
    defaultValues: emptyForm,
    reValidateMode: 'onSubmit',
  });

  const handleSubmit = form.handleSubmit(
    (values) => {
      const rating = values.rating;
      const body: FeedbackBody = {
        rating,
        usability: values.usability as FeedbackBody['usability'],
        liked: values.liked.trim(),
        improvements: values.improvements.trim(),
        recommend: values.recommend as FeedbackBody['recommend'],
        additionalFeedback: values.additionalFeedback.trim(),
        date: new Date().toISOString(),
        ratingText: ratingLabel(rating),
        usabilityText: usabilityLabel(values.usability),
        recommendText: recommendLabel(values.recommend),
        user: userName?.trim() || ANONYMOUS_USER,
      };
      submit.mutate(body, {
        onSuccess: () => {
          // The answers are complete and sent, so an earlier "please complete" toast no longer applies.
          toast.closeByKey(INVALID_TOAST_KEY);
          setSubmitted(true);
        },
        onError: () => toast.error(supportMessages.feedbackFailed),
      });
    },
    () =>
      toast.error(supportMessages.feedbackFormInvalid, {
        key: INVALID_TOAST_KEY,
      }),
  );

  const handleReset = () => {
    form.reset(emptyForm);
    submit.reset();
    setSubmitted(false);
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <title>Feedback · Cadenza</title>
      <Box sx={{ mb: { xs: 3, md: 4 } }}>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.75rem' } }}>
          Share Your Feedback
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1.5, fontSize: '1.05rem' }}>
          Tell us how Cadenza is working for you. It takes about two minutes.
        </Typography>
      </Box>

      {submitted ? (
        <ThankYou onReset={handleReset} />
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 2 }}>
          <FormProvider {...form}>
            <Box
              component="form"
              noValidate
              onSubmit={(event) => void handleSubmit(event)}
              aria-label="Feedback"
            >
              <Stack spacing={4}>
                <RatingQuestion />
                <ChoiceQuestion<FeedbackForm>
                  name="usability"
                  label="How easy is Cadenza to use?"
                  options={USABILITY_OPTIONS}
                />
                <FormTextField<FeedbackForm>
                  name="liked"
                  label="What do you like most? (Optional)"
                  multiline
                  minRows={3}
                />
                <FormTextField<FeedbackForm>
                  name="improvements"
                  label="What could we improve? (Optional)"
                  multiline
                  minRows={3}
                />
                <ChoiceQuestion<FeedbackForm>
                  name="recommend"
                  label="How likely are you to recommend Cadenza to a friend?"
                  options={RECOMMEND_OPTIONS}
                />
                <FormTextField<FeedbackForm>
                  name="additionalFeedback"
                  label="Anything else? (Optional)"
                  multiline
                  minRows={3}
                />
              </Stack>
              <Box sx={{ mt: 4, display: 'flex', justifyContent: 'flex-end' }}>
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  loading={submit.isPending}
                  sx={{ width: { xs: '100%', sm: 'auto' } }}
                >
                  Submit Feedback
                </Button>
              </Box>
            </Box>
          </FormProvider>
        </Paper>
      )}
    </Container>
  );
}
