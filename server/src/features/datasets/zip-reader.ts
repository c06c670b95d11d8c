import type { MessageCode } from '@sentinel/contract';
import yauzl from 'yauzl';
import { AppError } from '../../platform/errors.ts';

/** The limits a zip is read under (AppConfig.datasetZip). */
export interface ZipLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
  maxRatio: number;
}

/** A file entry of a checked zip: its safe relative name and declared sizes. */
export interface ZipEntry {
  name: string;
  size: number;
  entry: yauzl.Entry;
}

/** Entries smaller than this are never judged by their ratio (tiny text compresses very well). */
const RATIO_FLOOR_BYTES = 1024 * 1024;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

const zipError = (code: MessageCode) => new AppError(400, code);

/** yauzl's own refusals of a file name are zip-slip attempts; anything else is a damaged zip. */
function readError(error: unknown): AppError {
  const message = error instanceof Error ? error.message : String(error);
  if (/absolute path|relative path|invalid characters in fileName/i.test(message)) {
    return zipError('dataset.zipUnsafePath');
  }
  if (/uncompressed size|compressed size|too many|overflow/i.test(message))
    return zipError('dataset.zipBomb');
  return zipError('dataset.zipBroken');
}

/**
 * An open zip whose central directory has been checked: the entry count, no `../`, absolute
 * path or link (zip-slip: the whole zip is refused), no entry that unpacks to more than
 * `maxRatio` times its compressed size and no more than `maxTotalBytes` in all (zip bomb: refused).
 * Files over `maxEntryBytes` are listed in `oversize` and never read. Entry sizes are checked
 * again while reading (yauzl validateEntrySizes), so a lying header cannot unpack more.
 */
export class CheckedZip {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    readonly files: ZipEntry[],
    readonly oversize: string[],
    private readonly limits: ZipLimits,
  ) {}

  static async open(path: string, limits: ZipLimits): Promise<CheckedZip> {
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
      yauzl.open(
        path,
        {
          lazyEntries: true,
          autoClose: false,
          decodeStrings: true,
          validateEntrySizes: true,
          strictFileNames: true,
        },
        (error, file) => (error || !file ? reject(readError(error)) : resolve(file)),
      );
    });
    try {
      if (zip.entryCount > limits.maxEntries) throw zipError('dataset.zipEntries');
      const files: ZipEntry[] = [];
      const oversize: string[] = [];
      let total = 0;
      await new Promise<void>((resolve, reject) => {
        zip.on('error', (error: unknown) => reject(error instanceof AppError ? error : readError(error)));
        zip.on('end', () => resolve());
        zip.on('entry', (entry: yauzl.Entry) => {
          try {
            const name = entry.fileName;
            if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK)
              throw zipError('dataset.zipUnsafePath');
            if (name.split('/').some((s) => s === '..')) throw zipError('dataset.zipUnsafePath');
            const size = entry.uncompressedSize;
            if (size > RATIO_FLOOR_BYTES && size > limits.maxRatio * Math.max(1, entry.compressedSize)) {
              throw zipError('dataset.zipBomb');
            }
            total += size;
            if (total > limits.maxTotalBytes) throw zipError('dataset.zipBomb');
            if (!name.endsWith('/')) {
              if (size > limits.maxEntryBytes) oversize.push(name);
              else files.push({ name, size, entry });
            }
            zip.readEntry();
          } catch (error) {
            reject(error);
          }
        });
        zip.readEntry();
      });
      return new CheckedZip(zip, files, oversize, limits);
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  /** One entry's bytes (never more than its checked size). */
  async read(file: ZipEntry): Promise<Buffer> {
    const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) => {
      this.zip.openReadStream(file.entry, (error, s) =>
        error || !s ? reject(readError(error)) : resolve(s),
      );
    });
    const chunks: Buffer[] = [];
    let length = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        length += chunk.length;
        if (length > Math.min(file.size, this.limits.maxEntryBytes)) throw zipError('dataset.zipBomb');
        chunks.push(chunk);
      }
    } catch (error) {
      (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
      throw error instanceof AppError ? error : readError(error);
    }
    return Buffer.concat(chunks, length);
  }

  close(): void {
    this.zip.close();
  }
}

/** The first bytes of a zip (a local file header or an empty archive's end record). */
export function looksLikeZip(head: Buffer): boolean {
  if (head.length < 4 || head[0] !== 0x50 || head[1] !== 0x4b) return false;
  return (head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6);
}
