import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { EXPORT_API, type OnekeyProgress } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { ZipFile } from 'yazl';
import { keepLease, leaseUntil } from '../../platform/job-lease.ts';
import { mediaRoot } from '../../platform/media.ts';
import { redactConfig } from './redact.ts';
import {
  completeExportFile,
  failExportFile,
  generatingExportIds,
  insertExportFile,
  instanceRows,
  LOG_SOURCES,
  type Range,
  renewLease,
} from './repo.ts';

/** Where the download centre serves export files from (features/exports). */
const EXPORT_SUBDIR = 'exports';
const BATCH = 2000;
const PARTIAL = /^onekey-(\d+)\.zip\.part$/;

interface FileFigures {
  name: string;
  rows: number;
  bytes: number;
  sha256: string;
}

/** Stamp for file names: YYYYMMDD-HHmmss (UTC). */
const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/**
 * One-key exports of this instance: `start` records a download-centre file (generating) and
 * answers at once; the zip is written in the background (its lease renewed meanwhile), then the
 * row is completed, or failed with a reason. Progress is kept in memory by this instance.
 */
export function createOnekeyExports(app: FastifyInstance) {
  const progress = new Map<number, OnekeyProgress>();
  const inFlight = new Set<Promise<void>>();
  const shutdown = new AbortController();

  /** An entry's bytes: lines from `lines`, hashed and counted on the way into the zip. */
  function entry(name: string, figures: FileFigures[], lines: () => AsyncGenerator<string>): Readable {
    const hash = createHash('sha256');
    const f: FileFigures = { name, rows: 0, bytes: 0, sha256: '' };
    async function* bytes() {
      for await (const line of lines()) {
        const b = Buffer.from(line, 'utf8');
        hash.update(b);
        f.bytes += b.length;
        yield b;
      }
      f.sha256 = hash.digest('hex');
      figures.push(f);
    }
    return Readable.from(bytes(), { objectMode: false });
  }

  async function produce(id: number, range: Range, meta: { accountName: string; at: Date }) {
    const dir = join(mediaRoot(app), EXPORT_SUBDIR);
    await mkdir(dir, { recursive: true });
    const name = `${randomUUID()}.zip`;
    const partial = join(dir, `onekey-${id}.zip.part`);
    try {
      const totals = await Promise.all(LOG_SOURCES.map((s) => s.count(app.db, range)));
      const all = Math.max(
        1,
        totals.reduce((a, b) => a + b, 0),
      );
      let written = 0;
      const figures: FileFigures[] = [];
      const counts: Record<string, number> = {};
      const zip = new ZipFile();
      const out = createWriteStream(partial);
      zip.outputStream.pipe(out);
      for (const source of LOG_SOURCES) {
        const file = `logs/${source.name}.ndjson`;
        zip.addReadStream(
          entry(file, figures, async function* () {
            let cursor: unknown;
            for (;;) {
              if (shutdown.signal.aborted) throw new Error('server shutting down');
              progress.set(id, {
                id,
                percent: Math.floor((written / all) * 95),
                file,
                done: false,
                failed: false,
              });
              const batch = await source.batch(app.db, range, cursor, BATCH);
              if (batch.rows.length === 0) break;
              cursor = batch.cursor;
              written += batch.rows.length;
              counts[file] = (counts[file] ?? 0) + batch.rows.length;
              yield `${batch.rows.map((r) => JSON.stringify(r)).join('\n')}\n`;
              if (batch.rows.length < BATCH) break;
            }
          }),
          file,
        );
      }
      zip.addReadStream(
        entry('config.json', figures, async function* () {
          yield `${JSON.stringify(redactConfig(app.appConfig), null, 2)}\n`;
        }),
        'config.json',
      );
      zip.addReadStream(
        entry('system-status.json', figures, async function* () {
          yield `${JSON.stringify(await instanceRows(app.db), null, 2)}\n`;
        }),
        'system-status.json',
      );
      zip.addReadStream(
        Readable.from(
          (async function* () {
            // yazl writes entries in order: every file above is complete when this one is read.
            const manifest = {
              what: 'Sentinel Console one-key export',
              createdAt: meta.at.toISOString(),
              createdBy: meta.accountName,
              range: { from: range.from.toISOString(), to: range.to.toISOString() },
              instance: app.appConfig.instanceId,
              format: 'NDJSON, one row a line',
              files: figures.map((f) => ({
                ...f,
                rows: counts[f.name] ?? (f.name.endsWith('.json') ? 1 : 0),
              })),
            };
            yield Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
          })(),
        ),
        'manifest.json',
      );
      zip.end();
      await finished(out);
      await rename(partial, join(dir, name));
      const done = await completeExportFile(app.db, id, EXPORT_API.filePrefix + name);
      if (!done) await unlink(join(dir, name)).catch(() => undefined);
      progress.set(id, { id, percent: 100, file: 'manifest.json', done: true, failed: !done });
      if (done)
        await app.bus.publish({
          type: 'export.ready',
          data: { id, fileName: done.fileName, fileUrl: done.fileUrl, state: done.state },
          audience: { accountId: done.accountId },
        });
    } catch (error) {
      app.log.error({ err: error, exportId: id }, 'one-key export failed');
      await unlink(partial).catch(() => undefined);
      const failure = shutdown.signal.aborted ? 'export.interrupted' : 'export.failed';
      await failExportFile(app.db, id, failure).catch(() => undefined);
      progress.set(id, { id, percent: 100, file: '', done: true, failed: true });
    }
  }

  return {
    async start(request: { accountId: number; accountName: string }, range: Range) {
      const now = app.appConfig.now();
      const row = await insertExportFile(app.db, {
        accountId: request.accountId,
        fileName: `onekey-export-${stamp(now)}.zip`,
        now,
        owner: app.appConfig.instanceId,
        leaseUntil: leaseUntil(app),
      });
      progress.set(row.id, { id: row.id, percent: 0, file: '', done: false, failed: false });
      const stopLease = keepLease(app, () =>
        renewLease(app.db, row.id, app.appConfig.instanceId, leaseUntil(app)),
      );
      const job = produce(row.id, range, { accountName: request.accountName, at: now }).finally(() => {
        stopLease();
        inFlight.delete(job);
      });
      inFlight.add(job);
      return row;
    },
    /** Removes the partial zips no running export is writing (left by a process that died). */
    async removeLeftovers() {
      const dir = join(mediaRoot(app), EXPORT_SUBDIR);
      const names = await readdir(dir).catch(() => [] as string[]);
      const partials = names.filter((n) => PARTIAL.test(n));
      if (partials.length === 0) return;
      const running = await generatingExportIds(app.db);
      for (const n of partials) {
        if (!running.has(Number(PARTIAL.exec(n)?.[1]))) await unlink(join(dir, n)).catch(() => undefined);
      }
    },
    progress(id: number): OnekeyProgress | undefined {
      return progress.get(id);
    },
    /** Server shutdown: exports under way stop at their next batch and are marked failed. */
    async stop() {
      shutdown.abort();
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
