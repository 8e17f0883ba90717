import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { Config, S3Config } from '../../config.ts';

/**
 * Where attachment bytes live (docs/requirements.md §18.3, docs/decisions/024 and 029). The database
 * keeps only the key '{cid}/{uuid}'. Two implementations: a folder of its own (ATTACHMENTS_DIR), apart
 * from the embedded database's folder, or an S3-compatible bucket (S3_BUCKET). Both stream: no call
 * holds a whole file in memory.
 */
interface AttachmentStore {
  /** Writes `size` bytes read from `body` under a new key; a failed write leaves nothing behind. */
  put(key: string, body: Readable, size: number): Promise<void>;
  /** null when the file is missing. */
  open(key: string): Promise<{ size: number; stream: Readable } | null>;
  remove(key: string): Promise<void>;
}

function folderStore(root: string): AttachmentStore {
  const file = (key: string) => path.join(root, ...key.split('/'));
  return {
    async put(key, body) {
      await fs.promises.mkdir(path.dirname(file(key)), { recursive: true });
      try {
        await pipeline(body, fs.createWriteStream(file(key), { flags: 'wx', mode: 0o600 }));
      } catch (err) {
        await fs.promises.rm(file(key), { force: true });
        throw err;
      }
    },
    async open(key) {
      const stat = await fs.promises.stat(file(key)).catch(() => null);
      return stat?.isFile() ? { size: stat.size, stream: fs.createReadStream(file(key)) } : null;
    },
    async remove(key) {
      await fs.promises.rm(file(key), { force: true });
    },
  };
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, Ceph, R2 …). Uploads are one PutObject whose body is the
 * request stream with its known length; downloads pipe GetObject's body. Checksums are sent and checked
 * only where the API requires them: many S3-compatible servers do not accept the SDK's newer default
 * (aws-chunked bodies with a CRC trailer).
 */
function s3Store(s3: S3Config): AttachmentStore {
  const client = new S3Client({
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    forcePathStyle: s3.forcePathStyle,
    ...(s3.accessKeyId && s3.secretAccessKey ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = s3.bucket;
  return {
    async put(key, body, size) {
      // The SDK pipes the body into its request and would wait for bytes that never come when the
      // body fails (a client gone mid-upload): abort the request instead.
      const ac = new AbortController();
      const abort = (err: Error) => ac.abort(err);
      body.once('error', abort);
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: size, ContentType: 'application/octet-stream' }), { abortSignal: ac.signal });
      } finally {
        body.off('error', abort);
      }
    },
    async open(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(out.Body instanceof Readable)) throw new Error('S3 GetObject answered without a stream body');
        return { size: Number(out.ContentLength ?? 0), stream: out.Body };
      } catch (err) {
        if (err instanceof NoSuchKey || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404)) return null;
        throw err;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

const stores = new Map<string, AttachmentStore>();
/** The store the configuration names: S3 when S3_BUCKET is set, else the folder ATTACHMENTS_DIR. One per process. */
export function attachmentStore(config: Config): AttachmentStore {
  const s3 = config.s3;
  const id = s3 ? `s3:${s3.endpoint ?? 'aws'}/${s3.bucket}` : `dir:${config.attachmentsDir}`;
  let s = stores.get(id);
  if (!s) stores.set(id, (s = s3 ? s3Store(s3) : folderStore(config.attachmentsDir)));
  return s;
}

/**
 * Earlier versions kept attachments in {DATA_DIR}/attachments, beside the embedded database. At start
 * the files move to ATTACHMENTS_DIR (a rename when on the same disk, else copy then delete); the keys
 * in the database do not change. Returns the number of customer folders moved.
 */
export async function moveLegacyAttachments(config: Config): Promise<number> {
  const legacy = path.join(config.dataDir, 'attachments');
  if (path.resolve(legacy) === path.resolve(config.attachmentsDir) || !fs.existsSync(legacy)) return 0;
  await fs.promises.mkdir(config.attachmentsDir, { recursive: true, mode: 0o700 });
  let moved = 0;
  for (const entry of await fs.promises.readdir(legacy)) {
    const from = path.join(legacy, entry);
    const to = path.join(config.attachmentsDir, entry);
    if (fs.existsSync(to)) {
      // Merge a customer folder file by file; never overwrite.
      for (const f of await fs.promises.readdir(from)) {
        if (!fs.existsSync(path.join(to, f))) await fs.promises.cp(path.join(from, f), path.join(to, f), { recursive: true });
      }
      await fs.promises.rm(from, { recursive: true, force: true });
    } else {
      await fs.promises.rename(from, to).catch(async () => {
        await fs.promises.cp(from, to, { recursive: true });
        await fs.promises.rm(from, { recursive: true, force: true });
      });
    }
    moved++;
  }
  await fs.promises.rmdir(legacy).catch(() => undefined);
  return moved;
}
