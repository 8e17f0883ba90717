/**
 * The allow-list of attachment types, checked by content (magic bytes), with the file name's
 * extension required to agree: a PDF named report.exe, or an HTML page named page.html, is refused.
 */
export interface DetectedType {
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

function isUtf8Text(buf: Buffer): boolean {
  if (buf.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return true;
  } catch {
    return false;
  }
}

/** Office Open XML is a ZIP whose local headers name [Content_Types].xml and the part folder. */
function officeType(buf: Buffer): DetectedType | null {
  if (!startsWith(buf, [0x50, 0x4b, 0x03, 0x04]) || !buf.includes('[Content_Types].xml')) return null;
  if (buf.includes('word/')) return DOCX;
  if (buf.includes('xl/')) return XLSX;
  return null;
}

function sniff(buf: Buffer, ext: string): DetectedType | null {
  if (startsWith(buf, [0x25, 0x50, 0x44, 0x46, 0x2d])) return PDF; // %PDF-
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(buf, [0x47, 0x49, 0x46, 0x38]) && (buf[4] === 0x37 || buf[4] === 0x39) && buf[5] === 0x61) return GIF; // GIF87a, GIF89a
  const office = officeType(buf);
  if (office) return office;
  if (isUtf8Text(buf)) return ext === 'csv' ? CSV : TEXT;
  return null;
}

/** The stored content type of an upload, or null when its content or name is not on the allow-list. */
export function detectAllowedType(buf: Buffer, fileName: string): string | null {
  const ext = extensionOf(fileName);
  const type = sniff(buf, ext);
  return type && type.extensions.includes(ext) ? type.contentType : null;
}

/**
 * A file name safe to store and to send back: no folders, no control characters, at most 255
 * characters (the extension kept). Empty when nothing usable is left.
 */
export function cleanFileName(raw: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (raw.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
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
