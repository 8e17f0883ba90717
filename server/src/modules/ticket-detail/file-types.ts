/**
 * The allow-list of attachment types, checked by content (magic bytes), with the file name's
 * extension required to agree: a PDF named report.exe, or an HTML page named page.html, is refused.
 */
interface DetectedType {
  contentType: string;
  extensions: readonly string[];
}

const PDF: DetectedType = { contentType: 'application/pdf', extensions: ['pdf'] };
const PNG: DetectedType = { contentType: 'image/png', extensions: ['png'] };
const JPEG: DetectedType = { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'] };
const GIF: DetectedType = { contentType: 'image/gif', extensions: ['gif'] };
const DOCX: DetectedType = { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['docx'] };
const XLSX: DetectedType = { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['xlsx'] };
const CSV: DetectedType = { contentType: 'text/csv; charset=utf-8', extensions: ['csv'] };
/** Plain text may also come without an extension. */
const TEXT: DetectedType = { contentType: 'text/plain; charset=utf-8', extensions: ['txt', 'log', ''] };

const startsWith = (buf: Buffer, bytes: readonly number[]): boolean => bytes.every((b, i) => buf[i] === b);
const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/**
 * Office Open XML is a ZIP whose entries include [Content_Types].xml and the part folder. The names
 * are in each entry's local header (near the start) and again in the central directory (at the end):
 * an upload read as a stream keeps its first and last bytes to look there.
 */
function officeType(head: Buffer, ends: readonly Buffer[]): DetectedType | null {
  if (!startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return null;
  const has = (s: string) => ends.some((b) => b.includes(s));
  if (!has('[Content_Types].xml')) return null;
  if (has('word/')) return DOCX;
  if (has('xl/')) return XLSX;
  return null;
}

function sniff(head: Buffer, tail: Buffer, isText: boolean, ext: string): DetectedType | null {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return PDF; // %PDF-
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38]) && (head[4] === 0x37 || head[4] === 0x39) && head[5] === 0x61) return GIF; // GIF87a, GIF89a
  const office = officeType(head, [head, tail]);
  if (office) return office;
  if (isText) return ext === 'csv' ? CSV : TEXT;
  return null;
}

/** Bytes kept from the start (magic numbers, the first ZIP entries) and from the end (a ZIP's central directory). */
const HEAD_BYTES = 64 * 1024;
const TAIL_BYTES = 64 * 1024;

/**
 * Decides an upload's type while it streams (docs/requirements.md §18.3), holding at most 128 KB of it:
 * `push` each chunk; `plausible` tells from the start alone whether any allowed type can follow (so a
 * refused file is cut off early); `result` gives the stored content type at the end. Text must be
 * UTF-8 without NUL throughout, not only at its start.
 */
export class TypeSniffer {
  size = 0;
  private head: Buffer[] = [];
  private headLength = 0;
  private tail = Buffer.alloc(0);
  private decoder = new TextDecoder('utf-8', { fatal: true });
  private text = true;

  push(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.headLength < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.headLength);
      this.head.push(part);
      this.headLength += part.length;
    }
    this.tail = chunk.length >= TAIL_BYTES ? Buffer.from(chunk.subarray(-TAIL_BYTES)) : Buffer.concat([this.tail, chunk]).subarray(-TAIL_BYTES);
    if (this.text) {
      if (chunk.includes(0)) this.text = false;
      else {
        try {
          this.decoder.decode(chunk, { stream: true });
        } catch {
          this.text = false;
        }
      }
    }
  }

  /** The start is complete: `plausible` can answer. */
  get hasHead(): boolean {
    return this.headLength >= HEAD_BYTES;
  }

  /** False when no allowed type with this name's extension starts like what arrived so far. */
  plausible(fileName: string): boolean {
    const ext = extensionOf(fileName);
    const head = Buffer.concat(this.head);
    // A ZIP names its parts again at its end: only its extension can be judged now.
    if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return DOCX.extensions.includes(ext) || XLSX.extensions.includes(ext);
    const type = sniff(head, head, this.text, ext);
    return !!type && type.extensions.includes(ext);
  }

  /** The stored content type once every byte was pushed, or null when its content or name is not on the allow-list. */
  result(fileName: string): string | null {
    if (this.text) {
      try {
        this.decoder.decode(); // a sequence cut off at the very end is not text
      } catch {
        this.text = false;
      }
    }
    const ext = extensionOf(fileName);
    const type = this.size > 0 ? sniff(Buffer.concat(this.head), this.tail, this.text, ext) : null;
    return type && type.extensions.includes(ext) ? type.contentType : null;
  }
}

/**
 * Characters a file name may not keep: C0 and C1 controls, and the Unicode bidirectional controls
 * (U+061C, U+200E/F, U+202A–E, U+2066–9) that make 'invoice\u202Efdp.exe' read as 'invoiceexe.pdf'.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A file name safe to store and to send back: no folders, no control or bidirectional-control
 * characters, at most 255 characters (the extension kept). Empty when nothing usable is left.
 */
export function cleanFileName(raw: string): string {
  const base = (raw.split(/[\\/]/).pop() ?? '').replace(UNSAFE_NAME_CHARACTERS, '').trim();
  if (base === '.' || base === '..') return '';
  if (base.length <= 255) return base;
  const ext = extensionOf(base);
  return ext && ext.length < 20 ? `${base.slice(0, 254 - ext.length)}.${ext}` : base.slice(0, 255);
}

/** Content-Disposition for a download: an ASCII fallback plus the exact name in RFC 5987 form. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
