import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import ExcelJS from 'exceljs';
import { escapeCellText, keptDateTimeFormat } from '@sc/common';

// Streaming .xlsx exports shared by every module (tickets, contacts, billing ...): formula-injection
// escaping, safe file names, local-time Excel dates, and a WorkbookWriter piped into the reply.

/** A text cell as written: a leading apostrophe makes a would-be formula plain text (shared with the web's chart export). */
export { escapeCellText };

type XlsxCell = string | number | boolean | Date | null | undefined;

export interface XlsxColumn<R> {
  header: string;
  /** Width in characters. */
  width?: number;
  /** Excel number format, e.g. 'yyyy-mm-dd' or 'yyyy-mm-dd hh:mm' for dates. */
  numFmt?: string;
  value: (row: R) => XlsxCell;
}

/** '20261122_153045' from the wall-clock time in `timeZone` (the spec's {timestamp} of export file names). */
export function exportTimestamp(at: Date = new Date(), timeZone = 'UTC'): string {
  const p = localParts(at, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}${two(p.month)}${two(p.day)}_${two(p.hour)}${two(p.minute)}${two(p.second)}`;
}

/** Only letters, digits, '.', '_' and '-' survive: the name goes into a header. */
export const safeFileName = (name: string): string => name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 150) || 'export.xlsx';

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** One formatter per zone (keptDateTimeFormat): an export converts every row's dates (50,000 rows of the audit log). */
const formatterOf = (timeZone: string): Intl.DateTimeFormat =>
  keptDateTimeFormat(`xlsx ${timeZone}`, () => ({
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }));

function localParts(at: Date, timeZone: string): LocalParts {
  const p: LocalParts = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  // One formatToParts per instant (it was once per field).
  for (const part of formatterOf(timeZone).formatToParts(at)) {
    if (part.type in p) p[part.type as keyof LocalParts] = Number(part.value);
  }
  return p;
}

/** Time-zone offsets change only at instants on a UTC quarter hour (every offset in use since 1972 is a multiple of 15 minutes). */
const QUARTER_HOUR_MS = 900_000;
const CACHE_FROM_MS = Date.UTC(2000, 0, 1);
/** Per zone, the offset of the last quarter hour asked: an export's rows come in time order, so most dates hit it. */
const lastOffset = new Map<string, { quarter: number; offsetMs: number }>();

/** The wall-clock fields in `timeZone`, as if they were UTC (seconds kept, milliseconds dropped). */
function wallClockUtc(at: Date, timeZone: string): number {
  const p = localParts(at, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
}

/**
 * An instant as the Excel date a reader in `timeZone` expects: Excel dates have no zone, and exceljs
 * writes a Date's UTC fields, so the local wall-clock fields are moved into UTC. The zone's offset is
 * asked of Intl once per quarter hour and zone (formatToParts was a tenth of a 50,000-row export's CPU).
 */
export function excelLocalDate(at: Date, timeZone: string): Date {
  const ms = at.getTime();
  if (!(ms >= CACHE_FROM_MS)) return new Date(wallClockUtc(at, timeZone));
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  const seconds = ms - (((ms % 1000) + 1000) % 1000);
  let cached = lastOffset.get(timeZone);
  if (cached?.quarter !== quarter) lastOffset.set(timeZone, (cached = { quarter, offsetMs: wallClockUtc(at, timeZone) - seconds }));
  return new Date(seconds + cached.offsetMs);
}

function cellValue(v: XlsxCell): ExcelJS.CellValue {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return escapeCellText(v);
  return v;
}

const DRAIN_EVERY_ROWS = 200;

/**
 * exceljs gives every cell a style object of its own and, on commit, serialises it to find its style
 * id: a quarter of the CPU of a long export. It remembers ids by object, so each cell gets the one
 * shared object of its column and kind of value (the kind matters: without a number format, exceljs
 * picks one from the first value's type). Same styles as before, computed once per column and kind.
 */
function sharedStyles<R>(columns: XlsxColumn<R>[]): (column: number, value: ExcelJS.CellValue) => Partial<ExcelJS.Style> {
  const byColumn = columns.map(() => new Map<string, Partial<ExcelJS.Style>>());
  return (column, value) => {
    const kind = value === null ? 'null' : value instanceof Date ? 'date' : typeof value;
    const styles = byColumn[column]!;
    let style = styles.get(kind);
    if (!style) {
      const numFmt = columns[column]!.numFmt;
      styles.set(kind, (style = numFmt ? { numFmt } : {}));
    }
    return style;
  };
}

/** Resolves when `out` wants more, or when it is closed (a client that went away must not hang the writer). */
async function drained(out: PassThrough): Promise<void> {
  const ac = new AbortController();
  try {
    await Promise.race([once(out, 'drain', { signal: ac.signal }), once(out, 'close', { signal: ac.signal })]);
  } finally {
    ac.abort();
  }
}

export interface XlsxExport<R> {
  fileName: string;
  sheetName: string;
  columns: XlsxColumn<R>[];
  rows: Iterable<R> | AsyncIterable<R>;
}

/**
 * Streams a one-sheet workbook as an attachment: headers are sent first, rows are committed as they
 * are written, so memory stays flat whatever the row count.
 */
export async function sendXlsx<R>(reply: FastifyReply, x: XlsxExport<R>): Promise<FastifyReply> {
  const out = new PassThrough();
  const fileName = safeFileName(x.fileName);
  void reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(out);
  try {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const ws = wb.addWorksheet(x.sheetName.slice(0, 31));
    ws.columns = x.columns.map((c, i) => ({
      key: String(i),
      header: c.header,
      width: c.width ?? 16,
      ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
    }));
    ws.getRow(1).font = { bold: true };
    ws.getRow(1).commit();
    const styles = sharedStyles(x.columns);
    let n = 0;
    for await (const r of x.rows) {
      const values = x.columns.map((c) => cellValue(c.value(r)));
      const row = ws.addRow(values);
      for (let i = 0; i < values.length; i++) row.getCell(i + 1).style = styles(i, values[i]);
      row.commit();
      // A slow reader of a long export (50,000 audit rows) holds the writer back instead of the
      // compressed file piling up in memory.
      if (++n % DRAIN_EVERY_ROWS === 0) {
        // Other requests run between slices of a long export (200 rows ≈ 6 ms of CPU), not after it.
        await yieldToEventLoop();
        if (out.writableNeedDrain) await drained(out);
        // The client went away: stop reading rows (the rows' source is closed by the for-await's return).
        if (out.destroyed) return reply;
      }
    }
    ws.commit();
    await wb.commit();
  } catch (err) {
    // Headers are gone already: cut the download so the client sees a failure, not a truncated file.
    reply.log.error({ err }, 'xlsx export failed');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  }
  return reply;
}
