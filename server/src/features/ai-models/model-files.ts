import { createHash } from 'node:crypto';
import yazl from 'yazl';

/**
 * Small but real model packages, built in code: the demo catalogue's files (seeded at start) and
 * the tests' uploads. Each passes model-check.ts for its format; the ONNX one is a ModelProto with
 * an IR version, a producer, a graph (one Identity node, an input, an output and a deterministic
 * initializer whose size sets the file's size), an opset and Ultralytics-style metadata.
 */

function varint(value: number): Buffer {
  const bytes: number[] = [];
  let v = value;
  while (v >= 0x80) {
    bytes.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  bytes.push(v);
  return Buffer.from(bytes);
}

const tag = (field: number, wire: number) => varint(field * 8 + wire);
const intField = (field: number, value: number) => Buffer.concat([tag(field, 0), varint(value)]);
const bytesField = (field: number, value: Buffer | string) => {
  const body = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
  return Buffer.concat([tag(field, 2), varint(body.length), body]);
};

/** Deterministic pseudo-random bytes (the "weights"): the same name gives the same file. */
function weights(seed: string, size: number): Buffer {
  const out = Buffer.alloc(size);
  let block = createHash('sha256').update(seed).digest();
  for (let offset = 0; offset < size; offset += block.length) {
    block.copy(out, offset, 0, Math.min(block.length, size - offset));
    block = createHash('sha256').update(block).digest();
  }
  return out;
}

export interface OnnxSpec {
  name: string;
  classes: string[];
  inputWidth: number;
  inputHeight: number;
  task?: 'detect' | 'classify' | 'segment' | 'pose';
  /** Bytes of the initializer (the file is about this size). */
  weightBytes?: number;
  version?: number;
}

export function buildOnnx(spec: OnnxSpec): Buffer {
  const valueInfo = (name: string) => bytesField(1, name);
  const node = Buffer.concat([
    bytesField(1, 'images'),
    bytesField(2, 'output0'),
    bytesField(3, 'identity_0'),
    bytesField(4, 'Identity'),
  ]);
  const initializer = Buffer.concat([
    intField(1, 1),
    intField(1, spec.weightBytes ?? 1024),
    intField(2, 2), // UINT8
    bytesField(8, 'weights'),
    bytesField(9, weights(spec.name, spec.weightBytes ?? 1024)),
  ]);
  const graph = Buffer.concat([
    bytesField(1, node),
    bytesField(2, spec.name),
    bytesField(5, initializer),
    bytesField(11, valueInfo('images')),
    bytesField(12, valueInfo('output0')),
  ]);
  const entry = (key: string, value: string) =>
    bytesField(14, Buffer.concat([bytesField(1, key), bytesField(2, value)]));
  const names = `{${spec.classes.map((c, i) => `${i}: '${c}'`).join(', ')}}`;
  return Buffer.concat([
    intField(1, 8),
    bytesField(2, 'sentinel-demo'),
    bytesField(3, '1.0'),
    intField(5, spec.version ?? 1),
    bytesField(7, graph),
    bytesField(8, Buffer.concat([bytesField(1, ''), intField(2, 17)])),
    entry('task', spec.task ?? 'detect'),
    entry('imgsz', `[${spec.inputHeight}, ${spec.inputWidth}]`),
    entry('names', names),
  ]);
}

/** A FlatBuffer with the TFLite identifier: root offset, `TFL3`, a minimal table. */
export function buildTflite(name: string, weightBytes = 1024): Buffer {
  const head = Buffer.alloc(16);
  head.writeUInt32LE(12, 0);
  head.write('TFL3', 4, 'latin1');
  head.writeUInt32LE(3, 12);
  return Buffer.concat([head, weights(name, weightBytes)]);
}

function zipOf(entries: Array<[string, Buffer]>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of entries) zip.addBuffer(data, name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** A TorchScript archive: `<name>/data.pkl`, `<name>/constants.pkl`, `<name>/version`, code. */
export function buildTorchscript(name: string, weightBytes = 1024): Promise<Buffer> {
  return zipOf([
    [`${name}/data.pkl`, Buffer.from([0x80, 0x02, 0x7d, 0x71, 0x00, 0x2e])],
    [`${name}/constants.pkl`, Buffer.from([0x80, 0x02, 0x29, 0x2e])],
    [`${name}/version`, Buffer.from('3\n')],
    [`${name}/code/__torch__.py`, Buffer.from('class Model:\n  pass\n')],
    [`${name}/data/0`, weights(name, weightBytes)],
  ]);
}

/** An OpenVINO IR package: `<name>.xml` with a `<net>` root and `<name>.bin`. */
export function buildOpenvino(name: string, weightBytes = 1024): Promise<Buffer> {
  const xml = `<?xml version="1.0"?>\n<!-- demo -->\n<net name="${name}" version="11">\n  <layers>\n    <layer id="0" name="images" type="Parameter" version="opset1"/>\n  </layers>\n  <edges/>\n</net>\n`;
  return zipOf([
    [`${name}.xml`, Buffer.from(xml)],
    [`${name}.bin`, weights(name, weightBytes)],
  ]);
}

/** A zip with whatever entries (tests: a zip without the needed ones). */
export const buildZip = zipOf;
