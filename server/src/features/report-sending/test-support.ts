/** Report sending tests: a real SMTP server on 127.0.0.1 and a reader of the raw messages it got. */
import ExcelJS from 'exceljs';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a random port (no STARTTLS, authentication optional). */
export async function startSmtp(options: Partial<SMTPServerOptions> = {}) {
  const received: ReceivedMail[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    hideSTARTTLS: true,
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onMailFrom(_address, _session, callback) {
      attempts += 1;
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    received,
    attempts: () => attempts,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Decodes RFC 2047 encoded words (=?UTF-8?B?…?= / =?UTF-8?Q?…?=). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** Headers of a MIME entity (folded lines joined, names lower case). */
function headersOf(head: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split(/\r\n/)) {
    const i = line.indexOf(':');
    if (i > 0) map.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return map;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

/** Every leaf part of a raw message (multiparts opened recursively). */
function leaves(raw: string): Part[] {
  const split = raw.indexOf('\r\n\r\n');
  const headers = headersOf(raw.slice(0, split));
  const body = raw.slice(split + 4);
  const type = headers.get('content-type') ?? '';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [{ headers, body }];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((p) => !p.startsWith('--'))
    .flatMap((p) => leaves(p.replace(/^\r\n/, '')));
}

function decodeBody(part: Part): Buffer {
  const enc = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (enc === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  if (enc === 'quoted-printable') {
    const bytes = part.body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1');
  }
  return Buffer.from(part.body, 'utf8');
}

/** Subject, text body, HTML body and the xlsx attachment of a raw message. */
export function readMail(raw: string) {
  const top = headersOf(raw.slice(0, raw.indexOf('\r\n\r\n')));
  const parts = leaves(raw);
  const find = (type: string) =>
    parts.find((p) => (p.headers.get('content-type') ?? '').toLowerCase().startsWith(type));
  const text = find('text/plain');
  const html = find('text/html');
  const xlsx = find('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  return {
    subject: decodeWords(top.get('subject') ?? ''),
    messageId: top.get('message-id') ?? '',
    text: text ? decodeBody(text).toString('utf8') : '',
    html: html ? decodeBody(html).toString('utf8') : '',
    attachmentName: decodeWords(xlsx?.headers.get('content-disposition') ?? ''),
    xlsx: xlsx ? decodeBody(xlsx) : null,
  };
}

/** Cell values of every sheet of an xlsx: sheet name → rows of values. */
export async function readXlsx(buffer: Buffer): Promise<Map<string, unknown[][]>> {
  const book = new ExcelJS.Workbook();
  // exceljs' typings predate Node's generic Buffer
  await book.xlsx.load(buffer as unknown as ArrayBuffer);
  const out = new Map<string, unknown[][]>();
  book.eachSheet((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    out.set(sheet.name, rows);
  });
  return out;
}
