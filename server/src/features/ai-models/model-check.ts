import { open } from 'node:fs/promises';
import type { ModelFormat, ModelTask } from '@sentinel/contract';
import yauzl from 'yauzl';

/**
 * Checks a model package by its content (issue 13 §1): the file really is the format it claims.
 * ONNX: a protobuf ModelProto whose top-level fields all parse, with an IR version and a graph;
 * TFLite: a FlatBuffer with the file identifier `TFL3`; TorchScript: a zip holding
 * `<dir>/data.pkl` or `<dir>/constants.pkl`; OpenVINO: a zip holding an IR `.xml` whose root
 * element is `<net>` and the `.bin` of the same name. Nothing is extracted: a zip is read from its
 * central directory, and of one entry at most the first 64 KB (safe against zip bombs).
 */

export interface ModelFacts {
  /** What an ONNX file's metadata says (Ultralytics-style `names`, `imgsz`, `task`). */
  classes?: string[];
  inputWidth?: number;
  inputHeight?: number;
  task?: ModelTask;
  producer?: string;
}

export type CheckResult = { ok: true; facts: ModelFacts } | { ok: false };

const MAX_ZIP_ENTRIES = 20_000;
const XML_HEAD_BYTES = 64 * 1024;

export async function checkModelFile(file: string, format: ModelFormat): Promise<CheckResult> {
  try {
    switch (format) {
      case 'onnx':
        return await checkOnnx(file);
      case 'tflite':
        return await checkTflite(file);
      case 'torchscript':
        return await checkTorchscript(file);
      case 'openvino':
        return await checkOpenvino(file);
    }
  } catch {
    return { ok: false };
  }
}

// ---------- ONNX (protobuf) ----------

/** ModelProto's top-level fields and their wire types (0 varint, 2 length-delimited). */
const ONNX_FIELDS: Record<number, number> = {
  1: 0,
  2: 2,
  3: 2,
  4: 2,
  5: 0,
  6: 2,
  7: 2,
  8: 2,
  14: 2,
  20: 2,
  25: 2,
};
/** GraphProto fields (all length-delimited): node, name, initializer, doc, input, output… */
const GRAPH_FIELDS = new Set([1, 2, 5, 10, 11, 12, 13, 14, 15, 16]);

/** A varint at `offset` of `buf`: its value (as a number, < 2^53) and its length; undefined if cut. */
export function readVarint(buf: Buffer, offset: number): { value: number; length: number } | undefined {
  let value = 0;
  let factor = 1;
  for (let i = 0; i < 10 && offset + i < buf.length; i++) {
    const byte = buf[offset + i] as number;
    value += (byte & 0x7f) * factor;
    if ((byte & 0x80) === 0) return value > Number.MAX_SAFE_INTEGER ? undefined : { value, length: i + 1 };
    factor *= 128;
  }
  return undefined;
}

/** Length-delimited fields (field number → contents) of a small protobuf message. */
function messageFields(buf: Buffer): Map<number, Buffer[]> | undefined {
  const fields = new Map<number, Buffer[]>();
  let pos = 0;
  while (pos < buf.length) {
    const tag = readVarint(buf, pos);
    if (!tag || tag.value === 0) return undefined;
    pos += tag.length;
    const wire = tag.value % 8;
    if (wire === 0) {
      const v = readVarint(buf, pos);
      if (!v) return undefined;
      pos += v.length;
    } else if (wire === 2) {
      const len = readVarint(buf, pos);
      if (!len || pos + len.length + len.value > buf.length) return undefined;
      pos += len.length;
      const list = fields.get(Math.floor(tag.value / 8)) ?? [];
      list.push(buf.subarray(pos, pos + len.value));
      fields.set(Math.floor(tag.value / 8), list);
      pos += len.value;
    } else return undefined;
  }
  return fields;
}

async function checkOnnx(file: string): Promise<CheckResult> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const read = async (position: number, length: number) => {
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - position)));
      await handle.read(buffer, 0, buffer.length, position);
      return buffer;
    };
    let pos = 0;
    let irVersion: number | undefined;
    let graph = false;
    const metadata: Record<string, string> = {};
    let producer: string | undefined;
    while (pos < size) {
      const head = await read(pos, 20);
      const tag = readVarint(head, 0);
      if (!tag) return { ok: false };
      const field = Math.floor(tag.value / 8);
      const wire = tag.value % 8;
      if (ONNX_FIELDS[field] !== wire) return { ok: false };
      if (wire === 0) {
        const v = readVarint(head, tag.length);
        if (!v) return { ok: false };
        if (field === 1) irVersion = v.value;
        pos += tag.length + v.length;
        continue;
      }
      const len = readVarint(head, tag.length);
      if (!len) return { ok: false };
      const start = pos + tag.length + len.length;
      if (start + len.value > size) return { ok: false };
      if (field === 7) {
        // The graph: its first field must be one of GraphProto's.
        const first = await read(start, 12);
        const inner = readVarint(first, 0);
        if (
          len.value === 0 ||
          !inner ||
          inner.value % 8 !== 2 ||
          !GRAPH_FIELDS.has(Math.floor(inner.value / 8))
        )
          return { ok: false };
        graph = true;
      } else if ((field === 2 || field === 14) && len.value <= 64 * 1024) {
        const body = await read(start, len.value);
        if (field === 2) producer = body.toString('utf8');
        else {
          const entry = messageFields(body);
          if (!entry) return { ok: false };
          const key = entry.get(1)?.[0]?.toString('utf8');
          const value = entry.get(2)?.[0]?.toString('utf8');
          if (key !== undefined && value !== undefined) metadata[key] = value;
        }
      }
      pos = start + len.value;
    }
    if (irVersion === undefined || irVersion < 1 || irVersion > 100 || !graph) return { ok: false };
    return { ok: true, facts: { ...factsFromMetadata(metadata), producer } };
  } finally {
    await handle.close();
  }
}

const TASKS: Record<string, ModelTask> = {
  detect: 'detection',
  detection: 'detection',
  classify: 'classification',
  classification: 'classification',
  segment: 'segmentation',
  segmentation: 'segmentation',
  pose: 'pose',
};

/** Classes, input size and task from ONNX metadata (`names`, `imgsz`, `task`), when present. */
export function factsFromMetadata(metadata: Record<string, string>): ModelFacts {
  const facts: ModelFacts = {};
  const names = metadata.names;
  if (names) {
    let list: string[] = [];
    try {
      const parsed: unknown = JSON.parse(names);
      if (Array.isArray(parsed)) list = parsed.map(String);
    } catch {
      // "{0: 'person', 1: 'helmet'}" (a Python dict, as Ultralytics writes it)
      list = [...names.matchAll(/\d+\s*:\s*['"]([^'"]*)['"]/g)].map((m) => m[1] ?? '');
    }
    list = list.map((s) => s.trim()).filter((s) => s.length > 0 && s.length <= 64);
    if (list.length > 0 && list.length <= 200 && new Set(list).size === list.length) facts.classes = list;
  }
  const size = /^\s*\[\s*(\d{2,4})\s*,\s*(\d{2,4})\s*\]\s*$/.exec(metadata.imgsz ?? '');
  if (size) {
    facts.inputHeight = Number(size[1]);
    facts.inputWidth = Number(size[2]);
  }
  const task = TASKS[(metadata.task ?? '').trim().toLowerCase()];
  if (task) facts.task = task;
  return facts;
}

// ---------- TFLite (FlatBuffer) ----------

async function checkTflite(file: string): Promise<CheckResult> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size < 16) return { ok: false };
    const head = Buffer.alloc(8);
    await handle.read(head, 0, 8, 0);
    const root = head.readUInt32LE(0);
    if (head.subarray(4, 8).toString('latin1') !== 'TFL3' || root < 8 || root > size - 4)
      return { ok: false };
    return { ok: true, facts: {} };
  } finally {
    await handle.close();
  }
}

// ---------- Zips (TorchScript, OpenVINO) ----------

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, zip) => {
      if (error || !zip) reject(error ?? new Error('not a zip'));
      else resolve(zip);
    });
  });
}

/** The entries of a zip's central directory (at most MAX_ZIP_ENTRIES; more is refused). */
function zipEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      if (entries.length > MAX_ZIP_ENTRIES) {
        reject(new Error('too many entries'));
        return;
      }
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

async function withZip<T>(file: string, use: (zip: yauzl.ZipFile, entries: yauzl.Entry[]) => Promise<T>) {
  const zip = await openZip(file);
  try {
    return await use(zip, await zipEntries(zip));
  } finally {
    zip.close();
  }
}

async function checkTorchscript(file: string): Promise<CheckResult> {
  return withZip(file, async (_zip, entries) =>
    entries.some((e) => /^[^/]+\/(data|constants)\.pkl$/.test(e.fileName))
      ? { ok: true, facts: {} }
      : { ok: false },
  );
}

/** The first `max` bytes of an entry, decompressed (the rest is never inflated). */
function entryHead(zip: yauzl.ZipFile, entry: yauzl.Entry, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) {
        reject(error ?? new Error('no stream'));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () => {
        stream.destroy();
        resolve(Buffer.concat(chunks).subarray(0, max));
      };
      stream.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= max) finish();
      });
      stream.on('end', finish);
      stream.on('error', (e) => (size >= max ? undefined : reject(e)));
    });
  });
}

/** Whether an XML document's root element is `<net` (after a BOM, the prolog and comments). */
export function xmlRootIsNet(text: string): boolean {
  let rest = text.replace(/^\uFEFF/, '');
  for (;;) {
    rest = rest.trimStart();
    if (rest.startsWith('<?')) {
      const end = rest.indexOf('?>');
      if (end < 0) return false;
      rest = rest.slice(end + 2);
    } else if (rest.startsWith('<!--')) {
      const end = rest.indexOf('-->');
      if (end < 0) return false;
      rest = rest.slice(end + 3);
    } else break;
  }
  return /^<net[\s>]/.test(rest);
}

async function checkOpenvino(file: string): Promise<CheckResult> {
  return withZip(file, async (zip, entries) => {
    const names = new Set(entries.map((e) => e.fileName));
    for (const entry of entries) {
      if (!/\.xml$/i.test(entry.fileName)) continue;
      if (!names.has(entry.fileName.replace(/\.xml$/i, '.bin'))) continue;
      const head = await entryHead(zip, entry, XML_HEAD_BYTES);
      if (xmlRootIsNet(head.toString('utf8'))) return { ok: true, facts: {} };
    }
    return { ok: false };
  });
}
