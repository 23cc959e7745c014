import { earlyAccessDaysLeft, earlyAccessOpen, longDate, type HelpFacts } from './help-facts';

/** One help topic of the built-in assistant. */
export interface KnowledgeEntry {
  readonly topic: string;
  /**
   * Words and phrases that point to this topic. A word also matches longer words it starts
   * (from 4 letters: "download" matches "downloading"); a phrase of n words counts n times.
   */
  readonly keywords: readonly string[];
  /** Words that hint at the topic but also appear in other questions: they count half. */
  readonly weakKeywords?: readonly string[];
  readonly answer: string;
  /** Relevant next questions, each under 60 characters; each one has a topic of its own. */
  readonly followUps: readonly string[];
}

const SUPPORT_HOURS = 'Monday to Friday, 9am-5pm EST, and we reply within 24 hours';

function offerSentence(facts: HelpFacts): string {
  const end = longDate(facts.earlyAccessEnd);
  if (!earlyAccessOpen(facts)) {
    return `The early-access offer, which gave every premium feature free, ended on ${end}.`;
  }
  const days = earlyAccessDaysLeft(facts);
  const left = days === 0 ? 'today is the last day' : `${days} day${days === 1 ? '' : 's'} left`;
  return `Cadenza is in early access: every premium feature is free until ${end} (${left}), with nothing to pay.`;
}

const PAID_PLANS =
  'Paid plans are coming soon: Free ($0, with ads, standard quality and up to 5 playlists), ' +
  'Premium ($9.99 a month billed yearly, or $12.99 monthly: 320kbps audio, unlimited playlists, ' +
  'offline listening, lyrics and listening across devices) and Family ($14.99 a month billed ' +
  'yearly, or $19.99 monthly, for up to 6 accounts at one address).';

/**
 * The built-in assistant's help topics (CHAT_PROVIDER=builtin). Every answer describes what this
 * product really does (docs/product.md); facts that depend on the server come from its configuration.
 */
export function knowledgeBase(facts: HelpFacts): readonly KnowledgeEntry[] {
  return [
    {
      topic: 'create-playlist',
      keywords: ['playlist', 'create', 'make', 'new playlist', 'build', 'start a playlist'],
      answer:
        "Go to your dashboard, open the Playlists tab and press Create First Playlist (or the create button) to open the Create New Playlist dialog. Give it a name, optionally a description and a cover image, then press Create Playlist. You can then add songs from any song's menu with Add to Playlist.",
      followUps: [
        'How do I add songs to a playlist?',
        'How do I delete a playlist?',
        'How do I like a song?',
      ],
    },
    {
      topic: 'likes',
      keywords: ['like', 'liked', 'likes', 'heart', 'favorite', 'favourite', 'liked songs'],
      answer:
        'Tap the heart on a song card, or in the player at the bottom, to like a song. Your likes are collected in the Liked Songs tab of your dashboard; tap the heart again to remove one.',
      followUps: [
        'How do I add a song to my library?',
        'How do I create a playlist?',
        'How do I search for a song?',
      ],
    },
    {
      topic: 'library',
      keywords: [
        'library',
        'save',
        'saved',
        'add to library',
        'remove from library',
        'collection',
        'keep',
      ],
      answer:
        "Your library keeps the songs you want to come back to. Open a song's menu (⋮) and choose Add to Library: it then appears in the Library tab of your dashboard. Choose Remove from Library in the same menu to take it out.",
      followUps: [
        'How do I like a song?',
        'How do I add songs to a playlist?',
        'How do I download a song?',
      ],
    },
    {
      topic: 'manage-playlist',
      keywords: [
        'playlist',
        'add to playlist',
        'add song',
        'to a playlist',
        'to my playlist',
        'to the playlist',
        'remove',
        'delete',
        'edit',
      ],
      answer:
        "To add a song, open its menu (⋮) on a song card, choose Add to Playlist and pick the playlist. Click a playlist card to open it in the side panel: there you can play it, remove single songs, or delete the whole playlist. A playlist card's delete button works too; you'll be asked to confirm. Playlists curated by the Cadenza team can be played but not changed.",
      followUps: [
        'How do I create a playlist?',
        'How do I add a song to my library?',
        'How do I download a song?',
      ],
    },
    {
      topic: 'search',
      keywords: ['search', 'find', 'look for', 'looking for', 'searching', 'where is'],
      weakKeywords: ['artist', 'album', 'genre', 'title'],
      answer:
        'Use the search box on your dashboard: type a song title, artist, album or genre and press Search (or Enter). The matching songs replace the list; press Clear Search to go back.',
      followUps: [
        'Where do I find new music?',
        'How do I like a song?',
        'How do I download a song?',
      ],
    },
    {
      topic: 'discover',
      keywords: [
        'discover',
        'new music',
        'latest',
        'recently played',
        'recent',
        'history',
        'recommend',
        'popular',
        'browse',
      ],
      answer:
        "The Discover page (in the header) shows the latest songs, your recently played songs and your playlists. Your dashboard's Home tab lists Recently Played and Popular Songs, and its Browse tab lists every song.",
      followUps: [
        'How do I search for a song?',
        'How do I create a playlist?',
        'How do shuffle and repeat work?',
      ],
    },
    {
      topic: 'download',
      keywords: ['download', 'downloads', 'mp3', 'to my computer', 'to my device'],
      weakKeywords: ['file'],
      answer:
        "Open a song's menu (⋮) on your dashboard and choose Download. Your browser saves it as title_artist_Cadenza.mp3, for example Sunrise_Aurora_Cadenza.mp3. You need to be logged in to download.",
      followUps: [
        'Can I listen offline?',
        'How do I add a song to my library?',
        'What subscription plans are available?',
      ],
    },
    {
      topic: 'offline',
      keywords: [
        'offline',
        'without internet',
        'no internet',
        'without a connection',
        'airplane',
        'flight',
        'no connection',
      ],
      answer:
        "There's no offline mode in the Cadenza app yet. You can download songs (song menu ⋮ → Download) and play the files in any music player without a connection. Offline listening inside the app is planned for the upcoming Premium plan.",
      followUps: [
        'How do I download a song?',
        'What subscription plans are available?',
        'What is early access?',
      ],
    },
    {
      topic: 'plans',
      keywords: [
        'plan',
        'plans',
        'subscription',
        'subscribe',
        'pricing',
        'price',
        'prices',
        'cost',
        'premium',
        'family',
        'pay',
        'paid',
        'how much',
        'billing',
        'cancel',
      ],
      weakKeywords: ['free'],
      answer: `${offerSentence(facts)} ${PAID_PLANS} The Pricing page has the details.`,
      followUps: ['What is early access?', 'Can I listen offline?', 'How can I see song lyrics?'],
    },
    {
      topic: 'early-access',
      keywords: [
        'early access',
        'free premium',
        'get free premium',
        'trial',
        'offer',
        'ends',
        'expire',
        'days left',
      ],
      weakKeywords: ['free'],
      answer: `${offerSentence(facts)} Early access includes all premium features; just sign up and use them. The Pricing page shows how many days are left. After that, paid plans are coming soon.`,
      followUps: [
        'What subscription plans are available?',
        'How do I create an account?',
        'Can I listen offline?',
      ],
    },
    {
      topic: 'lyrics',
      keywords: ['lyrics', 'lyric', 'words', 'sing along', 'karaoke'],
      answer:
        "Song lyrics aren't available in Cadenza yet. They're on the roadmap as part of the upcoming Premium plan. If you'd like them soon, tell us on the Feedback page.",
      followUps: [
        'What subscription plans are available?',
        'How do I give feedback?',
        'How do I like a song?',
      ],
    },
    {
      topic: 'sign-up',
      keywords: [
        'sign up',
        'signup',
        'register',
        'create account',
        'create an account',
        'new account',
        'join',
        'account',
      ],
      answer:
        "Press Sign up in the header, enter your full name, e-mail and a password of at least 6 characters, confirm the password and agree to the terms. You're logged in straight away and land on your dashboard.",
      followUps: ['How do I reset my password?', 'How do I log out?', 'What is early access?'],
    },
    {
      topic: 'log-in-out',
      keywords: [
        'log in',
        'login',
        'sign in',
        'log out',
        'logout',
        'sign out',
        'remember me',
        'logged out',
      ],
      answer:
        "Open the login page (GET STARTED on the home page) and enter your e-mail and password; tick Remember me to stay logged in on this device. Logout is in the header and on your dashboard's profile card, and it ends the session on this device only.",
      followUps: [
        'How do I reset my password?',
        'How do I create an account?',
        'Who do I contact for help?',
      ],
    },
    {
      topic: 'password-reset',
      keywords: [
        'password',
        'forgot',
        'forgotten',
        'reset',
        'reset password',
        'forgot password',
        'change password',
        'reset link',
      ],
      answer:
        "On the login page choose Forgot password and enter your account's e-mail. We send a reset link that works for 1 hour: open it and choose a new password of at least 6 characters. Resetting also logs you out on your other devices. No mail? Check your spam folder.",
      followUps: ['How do I log out?', 'Who do I contact for help?', 'How do I create an account?'],
    },
    {
      topic: 'account-details',
      keywords: [
        'delete account',
        'delete my account',
        'close account',
        'close my account',
        'profile',
        'change email',
        'change my email',
        'change name',
        'change my name',
        'my data',
        'personal data',
        'privacy',
      ],
      answer:
        "Your dashboard's profile card shows your name and e-mail. Changing them or deleting your account isn't self-service yet: send us a message on the Contact page (issue type Account & Login) and we'll take care of it. The Privacy Policy explains what we keep and why.",
      followUps: ['Who do I contact for help?', 'How do I reset my password?', 'How do I log out?'],
    },
    {
      topic: 'contact',
      keywords: [
        'contact',
        'support',
        'support hours',
        'customer service',
        'phone number',
        'email address',
        'human',
        'talk to',
        'reach',
        'hours',
      ],
      weakKeywords: ['help', 'problem', 'issue', 'email'],
      answer: `Reach the Cadenza team through the Contact page: pick an issue type and send your message, or e-mail ${facts.supportEmail}. Support hours are ${SUPPORT_HOURS}.`,
      followUps: [
        'How do I give feedback?',
        'How do I reset my password?',
        'What subscription plans are available?',
      ],
    },
    {
      topic: 'feedback',
      keywords: ['feedback', 'suggestion', 'idea', 'feature request', 'review', 'rate', 'rating'],
      answer:
        'We would love to hear it! The Feedback page (linked in the footer) asks for an overall rating and a few quick questions about what you like and what we could improve. For a specific request you can also use the Contact page and choose Feature Request.',
      followUps: [
        'Who do I contact for help?',
        'How can I see song lyrics?',
        'What subscription plans are available?',
      ],
    },
    {
      topic: 'player',
      keywords: [
        'shuffle',
        'repeat',
        'queue',
        'volume',
        'mute',
        'skip',
        'next song',
        'previous',
        'player',
        'pause',
        'now playing',
        'keyboard',
      ],
      weakKeywords: ['play', 'playing'],
      answer:
        'The player at the bottom of every page has like, shuffle, previous, play/pause, next and repeat buttons, a seek bar, volume and mute, and a queue button that opens Now Playing. Shuffle mixes the songs after the current one, repeat replays the current song, and Previous restarts it. Space plays or pauses.',
      followUps: [
        'How do I like a song?',
        'How do I create a playlist?',
        "What if a song won't play?",
      ],
    },
    {
      topic: 'playback-trouble',
      keywords: [
        "won't play",
        'wont play',
        "doesn't play",
        'not playing',
        "can't play",
        'no sound',
        'stops',
        'stopped',
        'buffering',
        'cannot hear',
        "can't hear",
        'broken',
        'error',
      ],
      answer:
        "If a song won't play, check that your device isn't muted and the player's volume is up, then reload the page: the player comes back where you left off, paused, and a click on play resumes. If it keeps happening, tell us on the Contact page (issue type Playback & Streaming).",
      followUps: [
        'Who do I contact for help?',
        'How do shuffle and repeat work?',
        'Can I listen offline?',
      ],
    },
    {
      topic: 'upload',
      keywords: [
        'upload',
        'uploading',
        'add new song',
        'add music',
        'new song',
        'import',
        'my own music',
      ],
      answer: `Uploading is for administrators: in the Admin dashboard open the Songs tab and press Add Song. Choose an audio file (MP3 works best, up to ${facts.uploadMaxMb} MB): title, artist, album and duration are filled in from the file's tags. Check the genre and release year, optionally add a cover image, and save. Listeners can't upload songs.`,
      followUps: [
        'What can administrators do?',
        'How do I create a playlist?',
        'Who do I contact for help?',
      ],
    },
    {
      topic: 'admin',
      keywords: [
        'admin',
        'administrator',
        'administrators',
        'manage users',
        'delete user',
        'default playlist',
        'statistics',
        'inbox',
      ],
      answer:
        'Administrators have an Admin dashboard with statistics and tabs for users, songs, playlists and an inbox of contact messages and feedback. They upload and edit songs, remove listener accounts (never other admins), and create playlists marked Default (shown to every listener) or Public.',
      followUps: [
        'How do I upload songs?',
        'How do I create a playlist?',
        'Who do I contact for help?',
      ],
    },
    {
      topic: 'devices',
      keywords: [
        'phone',
        'mobile',
        'android',
        'iphone',
        'ios',
        'tablet',
        'install',
        'app store',
        'devices',
        'desktop',
      ],
      answer:
        "Cadenza runs in your web browser, on computers, tablets and phones alike: there's nothing to install. Log in on any device and your playlists, likes and library are there.",
      followUps: [
        'Can I listen offline?',
        'How do I create an account?',
        'What subscription plans are available?',
      ],
    },
    {
      topic: 'about',
      keywords: ['what is cadenza', 'about cadenza', 'cadenza', 'what is this', 'what can i do'],
      answer: `Cadenza is a music streaming web app: discover and play songs, like them, save them to your library, search, download and build your own playlists, with a player that keeps playing while you move between pages. ${offerSentence(facts)}`,
      followUps: [
        'How do I create an account?',
        'What subscription plans are available?',
        'How do I create a playlist?',
      ],
    },
    {
      topic: 'greeting',
      keywords: ['hi', 'hello', 'hey', 'good morning', 'good evening', 'thanks', 'thank you'],
      weakKeywords: ['help'],
      answer:
        "Hi! I'm the Cadenza assistant. Ask me about playlists, likes and your library, search, downloads, plans and early access, or your account, and I'll point you the right way.",
      followUps: [
        'How do I create a playlist?',
        'Can I listen offline?',
        'What subscription plans are available?',
      ],
    },
  ];
}

/** When no topic matches: point to people who can help. */
export function fallbackAnswer(facts: HelpFacts): string {
  return `I'm not sure about that one. I can help with playlists, likes and your library, search, downloads, plans and early access, and your account. For anything else, contact us on the Contact page or at ${facts.supportEmail}: ${SUPPORT_HOURS}.`;
}
