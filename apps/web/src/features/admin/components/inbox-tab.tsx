import FeedbackIcon from '@mui/icons-material/Feedback';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Rating from '@mui/material/Rating';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ContactMessage, FeedbackEntry } from '@cadenza/contract/support';
import { useState, type ReactNode } from 'react';
import { formatDateTime } from '@/lib/format';
import { useContactMessages } from '@/api/admin/get-contact-messages';
import { useFeedbackEntries } from '@/api/admin/get-feedback-entries';
import { EmptyState, PagedListView, SpreadRow, TabHeader } from './tab-states';

/** Longer texts are cut to this many characters until expanded. */
export const EXCERPT_LENGTH = 180;

/** A text cut to an excerpt, with Show more / Show less when it is long. */
function Expandable({ text, label }: { text: string; label: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > EXCERPT_LENGTH;
  const shown =
    open || !long ? text : `${text.slice(0, EXCERPT_LENGTH).replace(/[\s.,;:]+$/, '')}…`;
  return (
    <Box>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {shown}
      </Typography>
      {long && (
        <Button
          size="small"
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          aria-label={`${open ? 'Show less' : 'Show more'} of ${label}`}
          sx={{ px: 1, mt: 0.5, ml: -1 }}
        >
          {open ? 'Show less' : 'Show more'}
        </Button>
      )}
    </Box>
  );
}

/** One message or feedback entry: `heading` and the date it came in, then its content. */
function InboxCard({
  label,
  heading,
  createdAt,
  children,
}: {
  label: string;
  heading: ReactNode;
  createdAt: string;
  children: ReactNode;
}) {
  return (
    <Card component="li" variant="outlined" aria-label={label} sx={{ borderRadius: 3 }}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <SpreadRow gap={1} mb={1}>
          {heading}
          <Typography
            variant="caption"
            component="time"
            dateTime={createdAt}
            sx={{ color: 'text.secondary' }}
          >
            {formatDateTime(createdAt)}
          </Typography>
        </SpreadRow>
        {children}
      </CardContent>
    </Card>
  );
}

function MessageCard({ message }: { message: ContactMessage }) {
  const subject = message.subject || '(no subject)';
  return (
    <InboxCard
      label={`Message from ${message.name}: ${subject}`}
      createdAt={message.createdAt}
      heading={
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" component="span" sx={{ fontWeight: 700 }}>
            {message.name}
          </Typography>{' '}
          <Link
            href={`mailto:${message.email}`}
            variant="body2"
            sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
          >
            {message.email}
          </Link>
        </Box>
      }
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Chip size="small" color="primary" variant="outlined" label={message.issueTypeLabel} />
        <Typography
          variant="subtitle1"
          component="h3"
          sx={{ fontWeight: 600, fontStyle: message.subject ? 'normal' : 'italic' }}
        >
          {subject}
        </Typography>
      </Box>
      <Expandable text={message.message} label={`the message from ${message.name}`} />
    </InboxCard>
  );
}

function FeedbackCard({ entry }: { entry: FeedbackEntry }) {
  const answers = [
    { label: 'Liked', text: entry.liked },
    { label: 'Improvements', text: entry.improvements },
    { label: 'Additional feedback', text: entry.additionalFeedback },
  ].filter((answer): answer is { label: string; text: string } => Boolean(answer.text));
  return (
    <InboxCard
      label={`Feedback from ${entry.user}: ${entry.ratingText}`}
      createdAt={entry.createdAt}
      heading={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Rating
            value={entry.rating}
            readOnly
            size="small"
            aria-label={`Rating: ${entry.rating} of 5`}
          />
          <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
            {entry.ratingText}
          </Typography>
        </Box>
      }
    >
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {entry.user}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: answers.length ? 1.5 : 0 }}>
        <Chip size="small" variant="outlined" label={`Usability: ${entry.usabilityText}`} />
        <Chip size="small" variant="outlined" label={`Recommend: ${entry.recommendText}`} />
      </Box>
      {answers.map((answer) => (
        <Box key={answer.label} sx={{ mt: 1 }}>
          <Typography variant="overline" sx={{ color: 'text.secondary', lineHeight: 1.6 }}>
            {answer.label}
          </Typography>
          <Expandable text={answer.text} label={`${answer.label} from ${entry.user}`} />
        </Box>
      ))}
    </InboxCard>
  );
}

const listSx = { display: 'grid', gap: 1.5, p: 0, m: 0, listStyle: 'none' } as const;

function MessagesList() {
  const messages = useContactMessages();
  return (
    <PagedListView
      list={messages}
      loadingLabel="Loading messages"
      failed="Failed to load messages"
      empty={<EmptyState icon={<EmailOutlinedIcon />} text="No messages yet" />}
    >
      {(rows) => (
        <Box component="ul" aria-label="Contact messages" sx={listSx}>
          {rows.map((message) => (
            <MessageCard key={message._id} message={message} />
          ))}
        </Box>
      )}
    </PagedListView>
  );
}

function FeedbackList() {
  const feedback = useFeedbackEntries();
  return (
    <PagedListView
      list={feedback}
      loadingLabel="Loading feedback"
      failed="Failed to load feedback"
      empty={<EmptyState icon={<FeedbackIcon />} text="No feedback yet" />}
    >
      {(rows) => (
        <Box component="ul" aria-label="Feedback" sx={listSx}>
          {rows.map((entry) => (
            <FeedbackCard key={entry._id} entry={entry} />
          ))}
        </Box>
      )}
    </PagedListView>
  );
}

type InboxView = 'messages' | 'feedback';

/** The Inbox tab (docs/product.md §10.16): contact messages and feedback, newest first. */
export function InboxTab() {
  const [view, setView] = useState<InboxView>('messages');
  return (
    <Box>
      <TabHeader title="Inbox" subtitle="What listeners sent through Contact and Feedback">
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          onChange={(_event, value: InboxView | null) => value && setView(value)}
          aria-label="Inbox view"
        >
          <ToggleButton value="messages" sx={{ px: 2, gap: 1 }}>
            <EmailOutlinedIcon fontSize="small" /> Messages
          </ToggleButton>
          <ToggleButton value="feedback" sx={{ px: 2, gap: 1 }}>
            <FeedbackIcon fontSize="small" /> Feedback
          </ToggleButton>
        </ToggleButtonGroup>
      </TabHeader>
      {view === 'messages' ? <MessagesList /> : <FeedbackList />}
    </Box>
  );
}
