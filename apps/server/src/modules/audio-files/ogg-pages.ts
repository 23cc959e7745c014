/**
 * Walks the pages of an Ogg stream (RFC 3533) as its chunks go past. Two things a parser does not
 * tell: whether the pages that carry the codec's headers pass their checksum (a browser drops a
 * page that fails it, and without those headers the file does not open at all), and the granule
 * position of the last page, which for FLAC in Ogg is its length in samples.
 */

const CAPTURE = Buffer.from('OggS', 'latin1');
/** Capture pattern, version, header type, granule position, serial, sequence, CRC, segments. */
const HEADER_BYTES = 27;
const CRC_AT = 22;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let index = 0; index < 256; index++) {
    let remainder = index << 24;
    for (let bit = 0; bit < 8; bit++) {
      remainder = remainder & 0x80000000 ? (remainder << 1) ^ 0x04c11db7 : remainder << 1;
    }
    table[index] = remainder >>> 0;
  }
  return table;
})();

/** The CRC-32 of an Ogg page (polynomial 0x04c11db7, no reflection), its CRC field taken as 0. */
export function oggPageCrc(page: Uint8Array): number {
  let crc = 0;
  for (let at = 0; at < page.length; at++) {
    const byte = at >= CRC_AT && at < CRC_AT + 4 ? 0 : (page[at] ?? 0);
    crc = ((crc << 8) ^ (CRC_TABLE[((crc >>> 24) ^ byte) & 0xff] ?? 0)) >>> 0;
  }
  return crc;
}

interface PageHeader {
  readonly granule: bigint;
  readonly serial: number;
  readonly headerBytes: number;
  readonly pageBytes: number;
}

/** The header of the page at `at`; null while the bytes there do not hold all of it yet. */
function pageHeaderAt(buffer: Buffer, at: number): PageHeader | null {
  if (buffer.length - at < HEADER_BYTES) return null;
  const segments = buffer[at + 26] ?? 0;
  const headerBytes = HEADER_BYTES + segments;
  if (buffer.length - at < headerBytes) return null;
  let bodyBytes = 0;
  for (let index = 0; index < segments; index++)
    bodyBytes += buffer[at + HEADER_BYTES + index] ?? 0;
  return {
    granule: buffer.readBigInt64LE(at + 6),
    serial: buffer.readUInt32LE(at + 14),
    headerBytes,
    pageBytes: headerBytes + bodyBytes,
  };
}

export class OggPageWalker {
  /** Bytes of a page not yet whole, or of a header not yet read. */
  private carry: Buffer = Buffer.alloc(0);
  /** Bytes still to pass over before the next page. */
  private skip = 0;
  /**
   * Whether the pages so far carried only the codec's headers: their granule position is 0 (or
   * -1, where no packet ends on the page); the first page of audio has a later one.
   */
  private inHeaders = true;
  private serial: number | null = null;
  private granule: bigint | null = null;
  /** False once a page that carries the codec's headers fails its checksum. */
  headersIntact = true;

  /** The granule position of the first stream's last page; null before any audio page. */
  get lastGranule(): number | null {
    return this.granule === null ? null : Number(this.granule);
  }

  push(chunk: Buffer): void {
    if (this.skip >= chunk.length) {
      this.skip -= chunk.length;
      return;
    }
    const rest = chunk.subarray(this.skip);
    this.skip = 0;
    const buffer = this.carry.length > 0 ? Buffer.concat([this.carry, rest]) : rest;
    this.carry = Buffer.alloc(0);
    let at = 0;
    while (buffer.length - at >= CAPTURE.length) {
      if (buffer.compare(CAPTURE, 0, CAPTURE.length, at, at + CAPTURE.length) !== 0) {
        // Bytes no page accounts for: on at the next capture pattern.
        const next = buffer.indexOf(CAPTURE, at + 1);
        at = next < 0 ? buffer.length - (CAPTURE.length - 1) : next;
        continue;
      }
      const header = pageHeaderAt(buffer, at);
      if (!header) break;
      if (this.inHeaders && header.granule <= 0n) {
        if (buffer.length - at < header.pageBytes) break;
        this.takeHeaderPage(buffer.subarray(at, at + header.pageBytes), header);
      } else {
        this.takePage(header);
      }
      at += header.pageBytes;
    }
    if (at > buffer.length) this.skip = at - buffer.length;
    else this.carry = Buffer.from(buffer.subarray(at));
  }

  private takeHeaderPage(page: Buffer, header: PageHeader): void {
    if (oggPageCrc(page) !== page.readUInt32LE(CRC_AT)) this.headersIntact = false;
    this.takePage(header);
  }

  private takePage({ granule, serial }: PageHeader): void {
    this.serial ??= serial;
    if (granule > 0n) this.inHeaders = false;
    if (serial === this.serial && granule > 0n) this.granule = granule;
  }
}
