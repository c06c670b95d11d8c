import { createHash, randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import type { ModelFormat, ModelTask } from '@sentinel/contract';
import type { Db } from '../../db/client.ts';
import type { DemoSeedContext } from '../../db/seed.ts';
import { resolveMediaPath, writeNewMediaFile } from '../../platform/media.ts';
import { createVersion, setLiveVersion } from '../algorithms/index.ts';
import { buildOnnx, buildOpenvino, buildTflite, buildTorchscript } from './model-files.ts';
import { algorithmsByCodes, insertModel, linkAlgorithmToModel, stampAlarmVersions } from './repo.ts';
import { MODEL_DIR } from './upload.ts';

interface DemoModel {
  name: string;
  task: ModelTask;
  classes: string[];
  size: number;
  format: ModelFormat;
  version: string;
  description: string;
  /** KB of weights in the generated file. */
  kb: number;
  /** Seeded algorithms made from it, with their demo benchmark (precision, recall, FP rate). */
  algorithms: Array<[code: string, precision: number, recall: number, fpr: number]>;
}

const CATALOGUE: DemoModel[] = [
  {
    name: 'yolov8-helmet',
    task: 'detection',
    classes: ['person', 'helmet', 'head'],
    size: 640,
    format: 'onnx',
    version: '2.3.0',
    description: '安全帽检测：YOLOv8s 在 1.8 万张厂区图片上微调，输出未戴安全帽的头部',
    kb: 96,
    algorithms: [['ALG-NO-HELMET', 0.93, 0.9, 0.041]],
  },
  {
    name: 'yolov8-vest',
    task: 'detection',
    classes: ['person', 'reflective_vest', 'no_vest'],
    size: 640,
    format: 'onnx',
    version: '2.3.0',
    description: '反光衣检测：区分穿着与未穿反光背心的人员，夜间补光场景已覆盖',
    kb: 96,
    algorithms: [['ALG-NO-VEST', 0.91, 0.88, 0.052]],
  },
  {
    name: 'smoking-det',
    task: 'detection',
    classes: ['person', 'cigarette', 'smoke_plume'],
    size: 640,
    format: 'onnx',
    version: '1.5.2',
    description: '抽烟行为检测：烟头小目标 + 手部姿态，适合 4–8 米距离的摄像机',
    kb: 80,
    algorithms: [['ALG-SMOKING', 0.86, 0.81, 0.083]],
  },
  {
    name: 'phone-call-det',
    task: 'detection',
    classes: ['person', 'phone', 'phone_call'],
    size: 640,
    format: 'tflite',
    version: '1.5.0',
    description: '打电话检测：手机贴耳姿态识别，量化 INT8 版本可在边缘盒子运行',
    kb: 64,
    algorithms: [['ALG-PHONE', 0.84, 0.79, 0.091]],
  },
  {
    name: 'fire-smoke-det',
    task: 'detection',
    classes: ['fire', 'smoke'],
    size: 640,
    format: 'onnx',
    version: '3.1.0',
    description: '烟火检测：明火与烟雾两类，已加入蒸汽、灯光等易误报负样本',
    kb: 112,
    algorithms: [
      ['ALG-SMOKE', 0.88, 0.85, 0.067],
      ['ALG-FIRE', 0.94, 0.9, 0.032],
    ],
  },
  {
    name: 'person-intrusion',
    task: 'detection',
    classes: ['person'],
    size: 640,
    format: 'openvino',
    version: '1.8.0',
    description: '人员检测（区域入侵、动火监护人在场）：OpenVINO IR，FP16',
    kb: 128,
    algorithms: [
      ['ALG-INTRUSION', 0.95, 0.93, 0.024],
      ['ALG-HOTWORK-GUARDIAN', 0.92, 0.89, 0.038],
    ],
  },
  {
    name: 'crowd-count',
    task: 'detection',
    classes: ['person', 'crowd'],
    size: 960,
    format: 'onnx',
    version: '2.0.1',
    description: '人员聚集：密集人头计数，超过阈值人数输出聚集框',
    kb: 144,
    algorithms: [['ALG-CROWD', 0.9, 0.87, 0.044]],
  },
  {
    name: 'off-post-det',
    task: 'detection',
    classes: ['person', 'empty_post'],
    size: 640,
    format: 'torchscript',
    version: '1.5.0',
    description: '离岗检测：岗位区域内无人超过设定时长即报警（TorchScript）',
    kb: 80,
    algorithms: [['ALG-OFF-POST', 0.89, 0.86, 0.058]],
  },
  {
    name: 'fall-pose',
    task: 'pose',
    classes: ['person', 'fallen'],
    size: 640,
    format: 'onnx',
    version: '0.9.0',
    description: '人员跌倒：17 点人体姿态 + 躯干角度判断（可用于创建新实例）',
    kb: 96,
    algorithms: [],
  },
  {
    name: 'forklift-zone',
    task: 'detection',
    classes: ['forklift', 'person', 'truck'],
    size: 640,
    format: 'onnx',
    version: '1.0.0',
    description: '叉车与行人：叉车作业区人车混行检测（可用于创建新实例）',
    kb: 96,
    algorithms: [],
  },
];

const EXTENSIONS: Record<ModelFormat, string> = {
  onnx: 'onnx',
  tflite: 'tflite',
  torchscript: 'pt',
  openvino: 'zip',
};

async function modelFile(model: DemoModel): Promise<Buffer> {
  const bytes = model.kb * 1024;
  switch (model.format) {
    case 'onnx':
      return buildOnnx({
        name: model.name,
        classes: model.classes,
        inputWidth: model.size,
        inputHeight: model.size,
        task: model.task === 'pose' ? 'pose' : 'detect',
        weightBytes: bytes,
      });
    case 'tflite':
      return buildTflite(model.name, bytes);
    case 'torchscript':
      return buildTorchscript(model.name, bytes);
    case 'openvino':
      return buildOpenvino(model.name, bytes);
  }
}

/**
 * The demo model base (DEMO_DATA): ten builtin models with real small files that pass the content
 * check; the seeded algorithms linked to their model with version 1 (source 'seed', demo
 * benchmark metrics) made live, and the seeded alarms stamped with that version.
 */
export async function seedAiModels(db: Db, context: DemoSeedContext): Promise<void> {
  const codes = CATALOGUE.flatMap((m) => m.algorithms.map(([code]) => code));
  const algorithms = await algorithmsByCodes(db, codes);
  const evaluatedAt = new Date().toISOString();
  for (const model of CATALOGUE) {
    const data = await modelFile(model);
    const path = `${MODEL_DIR}/${randomBytes(16).toString('hex')}.${EXTENSIONS[model.format]}`;
    const file = resolveMediaPath(resolve(context.mediaDir), path);
    if (!file) throw new Error(`invalid media path ${path}`);
    await writeNewMediaFile(file, data);
    const row = await insertModel(db, {
      name: model.name,
      task: model.task,
      classes: model.classes,
      inputWidth: model.size,
      inputHeight: model.size,
      format: model.format,
      version: model.version,
      sha256: createHash('sha256').update(data).digest('hex'),
      sizeBytes: data.length,
      file: path,
      description: model.description,
      builtin: true,
    });
    for (const [code, precision, recall, falsePositiveRate] of model.algorithms) {
      const alg = algorithms.find((a) => a.code === code);
      if (!alg) continue;
      const classes = model.classes.filter((c) => c !== 'person').slice(0, 3);
      const reported = classes.length > 0 ? classes : model.classes;
      const params = {
        sampleImage: '',
        zones: [],
        classes: reported,
        thresholds: Object.fromEntries(reported.map((c) => [c, 0.5])),
        level: alg.defaultLevel as 120001 | 120002 | 120003 | 120004,
        schedule: [],
      };
      await linkAlgorithmToModel(db, alg.id, row.id, params);
      const version = await createVersion(db, {
        algorithmId: alg.id,
        modelId: row.id,
        artefact: path,
        sha256: row.sha256,
        sizeBytes: row.sizeBytes,
        params,
        metrics: {
          precision,
          recall,
          falsePositiveRate,
          evaluatedOn: 'vendor benchmark (demo)',
          evaluatedAt,
        },
        source: 'seed',
        note: 'demo catalogue',
        actor: { id: null, name: 'seed' },
      });
      if (version) await setLiveVersion(db, { algorithmId: alg.id, versionId: version.id, action: 'seed' });
    }
  }
  await stampAlarmVersions(db);
}
