// A small POSIX tar (ustar + pax headers) writer and reader for backup archives. Written here
// rather than taken from a dependency: the backup needs only regular files, streamed, and the
// reader must refuse anything unexpected (links, devices, absolute or `..` names) before a single
// byte is written — a few dozen lines we control beat a general extractor we must configure.
import { createHash } from 'node:crypto';
import { type FileHandle, open } from 'node:fs/promises';

const BLOCK = 512;
const CHUNK = 1024 * 1024;
const ZEROS = Buffer.alloc(BLOCK);

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, type: '0' | '5' | 'x', mtime: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, 'utf8');
  block.write(octal(type === '5' ? 0o755 : 0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write(type, 156, 'ascii');
  block.write('ustar\u000000', 257, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

/** A pax record `<len> key=value\n` (the length counts itself). */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length++;
  return `${length}${body}`;
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/** Writes a tar file entry by entry; every entry's sha256 is returned as it is written. */
export class TarWriter {
  private constructor(
    private readonly handle: FileHandle,
    private position = 0,
  ) {}

  static async create(path: string): Promise<TarWriter> {
    return new TarWriter(await open(path, 'wx', 0o600));
  }

  private async write(buffer: Buffer): Promise<void> {
    await this.handle.write(buffer, 0, buffer.length, this.position);
    this.position += buffer.length;
  }

  private async writeHeader(name: string, size: number, mtime: number, type: '0' | '5' = '0'): Promise<void> {
    const needsPax = Buffer.byteLength(name) > 99 || size > 0o77777777777;
    if (needsPax) {
      const records = Buffer.from(paxRecord('path', name) + paxRecord('size', String(size)));
      await this.write(header('PaxHeader', records.length, 'x', mtime));
      await this.write(records);
      await this.write(ZEROS.subarray(0, padding(records.length)));
    }
    const shortName = needsPax ? name.slice(0, 99).replace(/[^\x20-\x7e]/g, '_') : name;
    await this.write(header(shortName, size > 0o77777777777 ? 0 : size, type, mtime));
  }

  /** A directory entry (name without the trailing slash). */
  async addDirectory(name: string, mtime = Date.now()): Promise<void> {
    await this.writeHeader(`${name}/`, 0, mtime, '5');
  }

  async addBuffer(name: string, content: Buffer, mtime = Date.now()): Promise<string> {
    await this.writeHeader(name, content.length, mtime);
    await this.write(content);
    await this.write(ZEROS.subarray(0, padding(content.length)));
    return createHash('sha256').update(content).digest('hex');
  }

  /**
   * Copies a file (exactly the size it has when opened: a file that shrinks meanwhile fails the
   * backup rather than leaving a short entry). Returns its size and sha256.
   */
  async addFile(name: string, path: string): Promise<{ size: number; sha256: string }> {
    const source = await open(path, 'r');
    try {
      const stat = await source.stat();
      const size = stat.size;
      await this.writeHeader(name, size, stat.mtimeMs);
      const hash = createHash('sha256');
      const buffer = Buffer.alloc(Math.min(CHUNK, Math.max(size, 1)));
      let done = 0;
      while (done < size) {
        const { bytesRead } = await source.read(buffer, 0, Math.min(buffer.length, size - done), done);
        if (bytesRead === 0)
          throw new Error(`${path} shrank while it was being backed up; run the backup again`);
        const chunk = buffer.subarray(0, bytesRead);
        hash.update(chunk);
        await this.write(chunk);
        done += bytesRead;
      }
      await this.write(ZEROS.subarray(0, padding(size)));
      return { size, sha256: hash.digest('hex') };
    } finally {
      await source.close();
    }
  }

  /** Two zero blocks end the archive; the file is flushed to disk. */
  async finish(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
    await this.handle.sync();
    await this.handle.close();
  }

  async abort(): Promise<void> {
    await this.handle.close().catch(() => undefined);
  }
}

export interface TarEntry {
  name: string;
  /** '0' regular file, '5' directory; anything else is refused by readTar. */
  type: string;
  size: number;
  /** Modification time, milliseconds. */
  mtimeMs: number;
}

function readString(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? raw.length : end).toString('utf8');
}

function readOctal(block: Buffer, start: number, length: number): number {
  const text = readString(block, start, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new Error('Not a tar archive (bad number in a header)');
  return text === '' ? 0 : Number.parseInt(text, 8);
}

function checksumOk(block: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (block[i] ?? 0);
  return sum === readOctal(block, 148, 8);
}

function parsePax(records: Buffer): Map<string, string> {
  const values = new Map<string, string>();
  let offset = 0;
  while (offset < records.length) {
    const space = records.indexOf(0x20, offset);
    const length = Number(records.subarray(offset, space).toString('ascii'));
    if (space === -1 || !Number.isSafeInteger(length) || length <= 0) break;
    const record = records.subarray(space + 1, offset + length - 1).toString('utf8');
    const equals = record.indexOf('=');
    if (equals > 0) values.set(record.slice(0, equals), record.slice(equals + 1));
    offset += length;
  }
  return values;
}

async function readExactly(handle: FileHandle, length: number, position: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  if (bytesRead !== length) throw new Error('The archive is truncated');
  return buffer;
}

/**
 * Reads a tar file entry by entry: `onEntry` gets each entry and its content as chunks (it must
 * consume them). Only regular files, directories and pax headers are accepted.
 */
export async function readTar(
  path: string,
  onEntry: (entry: TarEntry, content: AsyncIterable<Buffer>) => Promise<void>,
): Promise<void> {
  const handle = await open(path, 'r');
  try {
    let position = 0;
    let pax = new Map<string, string>();
    for (;;) {
      const block = await readExactly(handle, BLOCK, position);
      position += BLOCK;
      if (block.equals(ZEROS)) return;
      if (!checksumOk(block)) throw new Error('Not a tar archive (header checksum mismatch)');
      const type = readString(block, 156, 1) || '0';
      const prefix = readString(block, 345, 155);
      const baseName = readString(block, 0, 100);
      const name = pax.get('path') ?? (prefix ? `${prefix}/${baseName}` : baseName);
      const size = pax.has('size') ? Number(pax.get('size')) : readOctal(block, 124, 12);
      if (!Number.isSafeInteger(size) || size < 0) throw new Error('Not a tar archive (bad entry size)');
      const start = position;
      position += size + padding(size);
      if (type === 'x') {
        pax = parsePax(await readExactly(handle, size, start));
        continue;
      }
      pax = new Map();
      if (type === 'g') continue;
      if (type !== '0' && type !== '5') {
        throw new Error(`The archive holds "${name}" of tar type '${type}' (links and devices are refused)`);
      }
      await onEntry(
        { name, type, size, mtimeMs: readOctal(block, 136, 12) * 1000 },
        chunks(handle, start, size),
      );
    }
  } finally {
    await handle.close();
  }
}

async function* chunks(handle: FileHandle, start: number, size: number): AsyncIterable<Buffer> {
  let done = 0;
  while (done < size) {
    const length = Math.min(CHUNK, size - done);
    yield await readExactly(handle, length, start + done);
    done += length;
  }
}

/** Builds a single raw tar header (tests: archives a careful writer would never produce). */
export function rawTarHeader(name: string, size: number, type = '0'): Buffer {
  return header(name, size, type as '0', Date.now());
}
