import {
  envelopeAttributes,
  errorPayload,
  SUBSONIC_NAMESPACE,
  SubsonicCode,
  SubsonicError,
  type SubsonicEnvelope,
  type SubsonicNode,
  type SubsonicScalar,
  type SubsonicValue,
} from './subsonic-response';

/**
 * Characters XML 1.0 cannot hold at all, which a file's tags may carry: dropped. In `u` mode the
 * surrogate range matches only halves of a pair standing alone.
 */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\uD800-\uDFFF]/gu;

/** Text content: markup escaped; line breaks stay as they are. */
function xmlText(value: SubsonicScalar): string {
  return String(value)
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;');
}

/** An attribute value: also quotes and whitespace, which a parser would otherwise normalise. */
function xmlAttribute(value: SubsonicScalar): string {
  return xmlText(value).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}

function isScalar(value: unknown): value is SubsonicScalar {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function element(name: string, node: SubsonicNode, out: string[]): void {
  const attributes: string[] = [];
  const children: Array<[string, SubsonicValue]> = [];
  let text: string | null = null;
  for (const [key, value] of Object.entries(node)) {
    if (value === undefined) continue;
    if (key === 'value' && isScalar(value)) text = xmlText(value);
    else if (isScalar(value)) attributes.push(` ${key}="${xmlAttribute(value)}"`);
    else children.push([key, value]);
  }
  out.push(`<${name}${attributes.join('')}`);
  if (text === null && children.length === 0) {
    out.push('/>');
    return;
  }
  out.push('>');
  if (text !== null) out.push(text);
  for (const [key, value] of children) child(key, value, out);
  out.push(`</${name}>`);
}

function child(name: string, value: SubsonicValue, out: string[]): void {
  if (isScalar(value)) {
    out.push(`<${name}>${xmlText(value)}</${name}>`);
  } else if (Array.isArray(value)) {
    for (const item of value as readonly (SubsonicNode | SubsonicScalar)[]) child(name, item, out);
  } else {
    element(name, value as SubsonicNode, out);
  }
}

/** The answer as Subsonic XML: attributes for scalars, elements for nodes and lists. */
export function toXml({ status, payload }: SubsonicEnvelope): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  element(
    'subsonic-response',
    { xmlns: SUBSONIC_NAMESPACE, ...envelopeAttributes(status), ...payload },
    out,
  );
  return out.join('');
}

/** The answer as Subsonic JSON: `{ "subsonic-response": { status, version, …, payload } }`. */
export function toJson({ status, payload }: SubsonicEnvelope): string {
  return JSON.stringify({ 'subsonic-response': { ...envelopeAttributes(status), ...payload } });
}

/** A JSONP callback must be a plain JavaScript name (a dotted path at most). */
const CALLBACK_NAME = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/u;

export function isCallbackName(name: string): boolean {
  return name.length <= 100 && CALLBACK_NAME.test(name);
}

export function toJsonp(envelope: SubsonicEnvelope, callback: string): string {
  return `${callback}(${toJson(envelope)});`;
}

/** An answer's body and its Content-Type. */
export interface SerializedAnswer {
  readonly contentType: string;
  readonly body: string;
}

/**
 * The envelope in the format the client asked for (`f`): XML unless JSON or JSONP. JSONP with a
 * callback that is not a plain name answers the failure in JSON instead.
 */
export function serialized(
  envelope: SubsonicEnvelope,
  format: string | undefined,
  callback: string | undefined,
): SerializedAnswer {
  if (format === 'json') {
    return { contentType: 'application/json; charset=utf-8', body: toJson(envelope) };
  }
  if (format === 'jsonp') {
    if (!isCallbackName(callback ?? '')) {
      const error = new SubsonicError(
        SubsonicCode.missingParameter,
        'Parameter callback must be a JavaScript function name',
      );
      return serialized({ status: 'failed', payload: errorPayload(error) }, 'json', undefined);
    }
    return {
      contentType: 'application/javascript; charset=utf-8',
      body: toJsonp(envelope, callback ?? ''),
    };
  }
  return { contentType: 'text/xml; charset=utf-8', body: toXml(envelope) };
}
