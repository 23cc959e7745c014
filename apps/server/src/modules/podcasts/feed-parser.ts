import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { OutboundRefused } from '../../outbound/guarded-get';
import { plainTextOfHtml } from './show-notes';

/** An episode as a feed lists it: only items with an audio enclosure are episodes. */
export interface FeedEpisode {
  /** The feed's own id of the item (its guid, else its enclosure's address). */
  readonly guid: string;
  readonly title: string;
  /** Show notes as plain text. */
  readonly description: string;
  /** ISO-8601 UTC; null when the feed gives no readable date. */
  readonly publishedAt: string | null;
  readonly durationSeconds: number | null;
  readonly enclosureUrl: string;
  readonly enclosureType: string | null;
  readonly enclosureBytes: number | null;
}

export interface Feed {
  readonly title: string;
  readonly description: string;
  readonly imageUrl: string | null;
  readonly homepageUrl: string | null;
  /** Newest first, at most `MAX_FEED_EPISODES`. */
  readonly episodes: readonly FeedEpisode[];
}

/** The most episodes kept of one feed: the newest; a daily show's three years. */
export const MAX_FEED_EPISODES = 1000;
const MAX_TITLE = 500;
const MAX_URL = 2000;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => name === 'item',
});

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The text of an element, whether it came as text alone or with attributes beside it. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return textOf(value[0]);
  if (isNode(value) && typeof value['#text'] === 'string') return value['#text'];
  return '';
}

function attributeOf(value: unknown, name: string): string {
  const node = Array.isArray(value) ? (value[0] as unknown) : value;
  const attribute = isNode(node) ? node[`@${name}`] : undefined;
  return typeof attribute === 'string' ? attribute : '';
}

function httpUrl(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length > MAX_URL) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** `itunes:duration`: seconds, `mm:ss` or `hh:mm:ss`. */
export function durationOf(text: string): number | null {
  const parts = text.trim().split(':');
  if (parts.length > 3 || parts.some((part) => !/^\d{1,6}(\.\d+)?$/.test(part))) return null;
  const seconds = parts.reduce((total, part) => total * 60 + Number(part), 0);
  return seconds > 0 ? Math.round(seconds) : null;
}

function dateOf(text: string): string | null {
  const time = Date.parse(text.trim());
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function sizeOf(text: string): number | null {
  return /^\d{1,15}$/.test(text.trim()) && Number(text) > 0 ? Number(text) : null;
}

function episodeOf(item: Node): FeedEpisode | null {
  const enclosureUrl = httpUrl(attributeOf(item.enclosure, 'url'));
  if (enclosureUrl === null) return null;
  const type = attributeOf(item.enclosure, 'type').trim().toLowerCase();
  // A feed may carry video beside audio: only audio (or an untyped file) is an episode here.
  if (type !== '' && !type.startsWith('audio/')) return null;
  const guid = textOf(item.guid).trim().slice(0, MAX_URL) || enclosureUrl;
  const notes = textOf(item['content:encoded']) || textOf(item.description);
  return {
    guid,
    title: plainTextOfHtml(textOf(item.title)).slice(0, MAX_TITLE) || 'Untitled episode',
    description: plainTextOfHtml(notes || textOf(item['itunes:summary'])),
    publishedAt: dateOf(textOf(item.pubDate)),
    durationSeconds: durationOf(textOf(item['itunes:duration'])),
    enclosureUrl,
    enclosureType: type === '' ? null : type,
    enclosureBytes: sizeOf(attributeOf(item.enclosure, 'length')),
  };
}

/**
 * Reads an RSS 2.0 podcast feed. Anything else (HTML, Atom, broken XML, a document declaring
 * entities of its own, which feeds never need and which can expand without end) is refused with
 * the reason.
 */
export function parseFeed(xml: string): Feed {
  if (/<!ENTITY/i.test(xml)) {
    throw new OutboundRefused('the feed declares XML entities, which podcast feeds never need');
  }
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new OutboundRefused(`the feed is not well-formed XML (line ${valid.err.line})`);
  }
  const document = parser.parse(xml) as Node;
  const channel = isNode(document.rss) ? document.rss.channel : undefined;
  if (!isNode(channel)) throw new OutboundRefused('the address is not an RSS feed');
  const items = Array.isArray(channel.item) ? (channel.item as unknown[]).filter(isNode) : [];
  const seen = new Set<string>();
  const episodes = items
    .map(episodeOf)
    .filter((episode): episode is FeedEpisode => {
      if (episode === null || seen.has(episode.guid)) return false;
      seen.add(episode.guid);
      return true;
    })
    .sort((a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? ''))
    .slice(0, MAX_FEED_EPISODES);
  const image = isNode(channel.image) ? textOf(channel.image.url) : '';
  return {
    title: plainTextOfHtml(textOf(channel.title)).slice(0, MAX_TITLE) || 'Untitled podcast',
    description: plainTextOfHtml(textOf(channel.description) || textOf(channel['itunes:summary'])),
    imageUrl: httpUrl(attributeOf(channel['itunes:image'], 'href')) ?? httpUrl(image),
    homepageUrl: httpUrl(textOf(channel.link)),
    episodes,
  };
}
