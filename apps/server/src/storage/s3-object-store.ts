import type * as S3Sdk from '@aws-sdk/client-s3';
import type { MultipartUpload, S3Client } from '@aws-sdk/client-s3';
import type * as S3Uploads from '@aws-sdk/lib-storage';
import type * as S3Presigner from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Settings } from '../config';
import { loadWhenNeeded } from '../optional-package';
import { ByteMeter } from './byte-meter';
import { isValidKey, objectNotFound } from './object-store';
import type * as Store from './object-store';
import { storageWriteFailure } from './storage-failures';

/** The longest a presigned URL may live (SigV4 allows seven days). */
export const MAX_SIGNED_URL_SECONDS = 7 * 24 * 60 * 60;
/** S3's smallest part: a put up to this size is one request, a longer one a multipart upload. */
const PART_BYTES = 8 * 1024 * 1024;
/** Parts of one upload in flight at once: memory per put is about this many parts. */
const PARTS_IN_FLIGHT = 2;

// The SDK is large: only a server with STORAGE=s3 (or a storage migration) loads it.
const sdk = loadWhenNeeded<typeof S3Sdk>('@aws-sdk/client-s3');
const uploads = loadWhenNeeded<typeof S3Uploads>('@aws-sdk/lib-storage');
const presigner = loadWhenNeeded<typeof S3Presigner>('@aws-sdk/s3-request-presigner');

/**
 * A client for any S3-compatible store. Checksums only where the API requires them: MinIO, R2,
 * B2 and the like refuse or mishandle the CRC32 headers the SDK otherwise adds to every request.
 */
export function createS3Client(settings: S3Settings): S3Client {
  return new (sdk().S3Client)({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** The origin browsers fetch presigned URLs from (for the Content-Security-Policy). */
export function bucketOrigin(settings: S3Settings): string {
  const endpoint = new URL(settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`);
  return settings.forcePathStyle
    ? endpoint.origin
    : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}`;
}

const isServiceError = (error: unknown): error is S3Sdk.S3ServiceException =>
  error instanceof sdk().S3ServiceException;

function statusOf(error: unknown): number | undefined {
  return isServiceError(error) ? error.$metadata.httpStatusCode : undefined;
}

const isMissing = (error: unknown) =>
  statusOf(error) === 404 ||
  (isServiceError(error) && (error.name === 'NoSuchKey' || error.name === 'NotFound'));

/**
 * A failure of the bucket or of the way to it: the SDK's errors carry `$metadata` (its service
 * errors, and network errors once it gave up retrying), sockets a `syscall`.
 */
function isStoreSide(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { $metadata, syscall, name } = error as {
    $metadata?: unknown;
    syscall?: unknown;
    name?: unknown;
  };
  return (
    isServiceError(error) ||
    $metadata !== undefined ||
    typeof syscall === 'string' ||
    name === 'TimeoutError'
  );
}

/** No failure of the stream, or only its being stopped because the upload failed. */
function isKnockOn(failure: Error | undefined): boolean {
  const code = (failure as { code?: unknown } | undefined)?.code;
  return failure === undefined || code === 'ABORT_ERR' || code === 'ERR_STREAM_PREMATURE_CLOSE';
}

const rangeHeader = (range: Store.ByteRange) => `bytes=${range.start}-${range.end}`;

/**
 * Objects in one bucket of an S3-compatible store. A put streams through a multipart upload
 * (one PutObject when short), counting and hashing as it goes: never more than a few parts in
 * memory, and an upload that fails or passes `maxBytes` is aborted, so nothing is left. S3
 * keeps the content type and hands out presigned URLs, so clients can fetch objects directly.
 */
export class S3ObjectStore implements Store.ObjectStore, Store.ObjectInventory {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    /** Keys are this store's under this prefix of the bucket's (`transcodes/`); none by default. */
    private readonly prefix = '',
  ) {}

  private objectKey(key: string): string {
    return `${this.prefix}${key}`;
  }

  async put(key: string, source: Readable, options: Store.PutOptions): Promise<Store.PutResult> {
    if (!isValidKey(key)) {
      source.destroy();
      throw new Error(`invalid object key: ${key}`);
    }
    const meter = new ByteMeter(options.maxBytes ?? Number.POSITIVE_INFINITY);
    let streamFailure: Error | undefined;
    const flowing = pipeline(source, meter).catch((error: unknown) => {
      streamFailure = error instanceof Error ? error : new Error(String(error));
    });
    const upload = new (uploads().Upload)({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: meter,
        ContentType: options.contentType,
      },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    try {
      const result = await upload.done();
      await flowing;
      if (streamFailure !== undefined) throw streamFailure;
      if (!result.ETag) throw new Error(`the store answered no entity tag for ${key}`);
      return { bytes: meter.bytes, sha256: meter.digest(), etag: result.ETag };
    } catch (error) {
      await flowing;
      // The bucket failed (unreachable, refusing, full) and the stream was only stopped for it.
      if (isStoreSide(error) && isKnockOn(streamFailure)) throw storageWriteFailure(error);
      // The stream's own failure (too large, connection reset) says more than the upload's.
      throw streamFailure ?? error;
    }
  }

  async head(key: string): Promise<Store.ObjectHead | null> {
    if (!isValidKey(key)) return null;
    try {
      const head = await this.client.send(
        new (sdk().HeadObjectCommand)({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return {
        bytes: head.ContentLength ?? 0,
        etag: head.ETag ?? '""',
        modifiedAt: head.LastModified ?? new Date(0),
        ...(head.ContentType ? { contentType: head.ContentType } : {}),
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async get(key: string, range?: Store.ByteRange): Promise<Readable> {
    return (await this.getObject(key, range)) as Readable;
  }

  async getBytes(key: string, range: Store.ByteRange): Promise<Buffer> {
    const body = await this.getObject(key, range);
    const bytes = Buffer.from(await body.transformToByteArray());
    if (bytes.length !== range.end - range.start + 1) {
      throw new Error(`${key} ended before byte ${range.end}`);
    }
    return bytes;
  }

  async delete(key: string): Promise<void> {
    if (!isValidKey(key)) return;
    await this.client.send(
      new (sdk().DeleteObjectCommand)({ Bucket: this.bucket, Key: this.objectKey(key) }),
    );
  }

  async signedGetUrl(
    key: string,
    ttlSeconds: number,
    options: Store.SignedGetOptions = {},
  ): Promise<string> {
    if (!isValidKey(key)) throw new Error(`invalid object key: ${key}`);
    const command = new (sdk().GetObjectCommand)({
      Bucket: this.bucket,
      Key: this.objectKey(key),
      ...(options.disposition ? { ResponseContentDisposition: options.disposition } : {}),
      ...(options.contentType ? { ResponseContentType: options.contentType } : {}),
    });
    const expiresIn = Math.min(Math.ceil(ttlSeconds), MAX_SIGNED_URL_SECONDS);
    return presigner().getSignedUrl(this.client, command, { expiresIn });
  }

  async *list(): AsyncIterable<Store.ObjectListing> {
    for await (const page of sdk().paginateListObjectsV2(
      { client: this.client },
      { Bucket: this.bucket, ...(this.prefix ? { Prefix: this.prefix } : {}) },
    )) {
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.prefix.length);
        if (key === undefined || !isValidKey(key)) continue;
        yield { key, modifiedAt: object.LastModified ?? new Date(0) };
      }
    }
  }

  /** Unfinished writes are multipart uploads never completed nor aborted (a crash midway). */
  async removeStaleTemporaries(before: Date): Promise<string[]> {
    const removed: string[] = [];
    for await (const upload of this.multipartUploads()) {
      if (!upload.Key || !upload.UploadId || !upload.Initiated) continue;
      if (upload.Initiated >= before) continue;
      await this.client.send(
        new (sdk().AbortMultipartUploadCommand)({
          Bucket: this.bucket,
          Key: upload.Key,
          UploadId: upload.UploadId,
        }),
      );
      removed.push(`${upload.Key}?uploadId=${upload.UploadId}`);
    }
    return removed;
  }

  private async *multipartUploads(): AsyncIterable<MultipartUpload> {
    let marker: { KeyMarker?: string; UploadIdMarker?: string } = {};
    for (;;) {
      const page = await this.client.send(
        new (sdk().ListMultipartUploadsCommand)({
          Bucket: this.bucket,
          ...(this.prefix ? { Prefix: this.prefix } : {}),
          ...marker,
        }),
      );
      yield* page.Uploads ?? [];
      if (!page.IsTruncated) return;
      marker = {
        ...(page.NextKeyMarker ? { KeyMarker: page.NextKeyMarker } : {}),
        ...(page.NextUploadIdMarker ? { UploadIdMarker: page.NextUploadIdMarker } : {}),
      };
    }
  }

  private async getObject(key: string, range?: Store.ByteRange) {
    if (!isValidKey(key)) throw objectNotFound(key);
    try {
      const object = await this.client.send(
        new (sdk().GetObjectCommand)({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          ...(range ? { Range: rangeHeader(range) } : {}),
        }),
      );
      if (!object.Body) throw objectNotFound(key);
      return object.Body;
    } catch (error) {
      if (isMissing(error)) throw objectNotFound(key);
      throw error;
    }
  }
}
