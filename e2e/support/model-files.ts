/**
 * Model packages for the model base's browser spec: a real (minimal) ONNX ModelProto with
 * Ultralytics-style metadata (task, imgsz, names) and `padBytes` of initializer data, so an upload
 * takes long enough to show its progress. The server's own builder is
 * server/src/features/ai-models/model-files.ts; this one is kept to what the spec needs.
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
const int = (field: number, value: number) => Buffer.concat([varint(field * 8), varint(value)]);
const bytes = (field: number, value: Buffer | string) => {
  const body = typeof value === 'string' ? Buffer.from(value) : value;
  return Buffer.concat([varint(field * 8 + 2), varint(body.length), body]);
};

export function onnxModel(name: string, classes: string[], padBytes = 1024): Buffer {
  const node = Buffer.concat([bytes(1, 'images'), bytes(2, 'output0'), bytes(4, 'Identity')]);
  const initializer = Buffer.concat([
    int(1, padBytes),
    int(2, 2),
    bytes(8, 'w'),
    bytes(9, Buffer.alloc(padBytes, 7)),
  ]);
  const graph = Buffer.concat([bytes(1, node), bytes(2, name), bytes(5, initializer)]);
  const meta = (key: string, value: string) => bytes(14, Buffer.concat([bytes(1, key), bytes(2, value)]));
  return Buffer.concat([
    int(1, 8),
    bytes(2, 'e2e'),
    bytes(7, graph),
    bytes(8, Buffer.concat([bytes(1, ''), int(2, 17)])),
    meta('task', 'detect'),
    meta('imgsz', '[640, 640]'),
    meta('names', `{${classes.map((c, i) => `${i}: '${c}'`).join(', ')}}`),
  ]);
}

/** A 320×180 PNG (a sample image for the wizard). */
export const SMALL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAUAAAAC0CAIAAABqhmJGAAAACXBIWXMAAAPoAAAD6AG1e1JrAAABk0lEQVR42u3TAQkAAAzDsMm+iIu41OsYBKKg0MweUCoSgIEBAwMGBgMDBgYMDBgYDAwYGDAwGBgwMGBgwMBgYMDAgIEBA4OBAQMDBgYDAwYGDAwYGAwMGBgwMGBgMDBgYMDAYGDAwICBAQODgQEDAwYGA6sABgYMDBgYDAwYGDAwYGAwMGBgwMBgYMDAgIEBA4OBAQMDBgYMDAYGDAwYGAwMGBgwMGBgMDBgYMDAgIHBwICBAQODgQEDAwYGDAwGBgwMGBgMDBgYMDBgYDAwYGDAwICBwcCAgQEDg4EBAwMGBgwMBgYMDBgYMDAYGDAwYGAwMGBgwMCAgcHAgIEBAwMGBgMDBgYMDAYGDAwYGDAwGBgwMGBgMDBgYMDAgIHBwICBAQMDBgYDAwYGDAwGBgwMGBgwMBgYMDBgYMDAYGDAwICBwcCAgQEDAwYGAwMGBgwMBlYBDAwYGDAwGBgwMGBgwMBgYMDAgIHBwICBAQMDBgYDAwYGDAwYGAwMGBgwMBgYMDBgYMDAYGDAwICBAQNDtwdPGzmgVNZksQAAAABJRU5ErkJggg==',
  'base64',
);
