import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../../config.ts';

/**
 * Where attachment bytes live (docs/requirements.md §18.3, docs/decisions/024). The database keeps only
 * the key '{cid}/{uuid}'. One implementation today: a folder of its own (ATTACHMENTS_DIR), apart from the
 * embedded database's folder. An S3-compatible store would implement the same three calls.
 */
export interface AttachmentStore {
  put(key: string, bytes: Buffer): Promise<void>;
  /** null when the file is missing. */
  open(key: string): Promise<{ size: number; stream: Readable } | null>;
  remove(key: string): Promise<void>;
}

export function folderStore(root: string): AttachmentStore {
  const file = (key: string) => path.join(root, ...key.split('/'));
  return {
    async put(key, bytes) {
      await fs.promises.mkdir(path.dirname(file(key)), { recursive: true });
      await fs.promises.writeFile(file(key), bytes, { flag: 'wx', mode: 0o600 });
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

const stores = new Map<string, AttachmentStore>();
export function attachmentStore(config: Config): AttachmentStore {
  let s = stores.get(config.attachmentsDir);
  if (!s) stores.set(config.attachmentsDir, (s = folderStore(config.attachmentsDir)));
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
