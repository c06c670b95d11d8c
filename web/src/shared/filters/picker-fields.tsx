import {
  isPriorityCode,
  type PlantTreeNode,
  PRIORITY_CODES,
  PRIORITY_COLORS,
  PRIORITY_LABELS,
} from '@sentinel/contract';
import { Form, Select, Tag } from 'antd';
import { useLang, useTranslation } from '../i18n/i18n.ts';
import { useAlgorithmOptions, useCameraOptions, useSceneOptions } from './pickers.ts';

interface FieldProps {
  /** Placeholder and accessible name. */
  label?: string;
  testId?: string;
  minWidth?: number;
}

interface Option {
  value: number;
  label: string;
}

function SearchSelectField({
  name,
  label,
  testId,
  minWidth = 160,
  options,
}: FieldProps & { name: string; options: Option[] }) {
  return (
    <Form.Item name={name}>
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={label}
        aria-label={label}
        style={{ minWidth }}
        data-testid={testId}
        options={options}
      />
    </Form.Item>
  );
}

/** Scene picker (form field `sceneId`). */
export function SceneField(props: FieldProps) {
  const { t } = useTranslation();
  const scenes = useSceneOptions();
  return (
    <SearchSelectField
      name="sceneId"
      label={t('filter.scene')}
      {...props}
      options={(scenes.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
    />
  );
}

/** Camera picker (form field `cameraId`). */
export function CameraField(props: FieldProps) {
  const { t } = useTranslation();
  const cameras = useCameraOptions();
  return (
    <SearchSelectField
      name="cameraId"
      label={t('filter.camera')}
      {...props}
      options={(cameras.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
    />
  );
}

/** Algorithm picker (form field `algorithmId`); the label differs per screen ("Type", "Algorithm"). */
export function AlgorithmField(props: FieldProps & { label: string }) {
  const algorithms = useAlgorithmOptions();
  return (
    <SearchSelectField
      name="algorithmId"
      {...props}
      options={(algorithms.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
    />
  );
}

/** Alarm level picker (form field `priority`), most urgent first, as coloured tags. */
export function PriorityField({ label, testId, minWidth = 160 }: FieldProps & { label: string }) {
  const lang = useLang();
  return (
    <Form.Item name="priority">
      <Select
        allowClear
        placeholder={label}
        aria-label={label}
        style={{ minWidth }}
        data-testid={testId}
        options={[...PRIORITY_CODES]
          .reverse()
          .filter(isPriorityCode)
          .map((code) => ({
            value: code,
            label: <Tag color={PRIORITY_COLORS[code]}>{PRIORITY_LABELS[code][lang]}</Tag>,
            title: PRIORITY_LABELS[code][lang],
          }))}
      />
    </Form.Item>
  );
}

export interface PlantTreeOption {
  value: number;
  title: string;
  children: PlantTreeOption[];
}

/** TreeSelect data of plant tree nodes. */
export const plantTreeOptions = (nodes: PlantTreeNode[]): PlantTreeOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, children: plantTreeOptions(n.children ?? []) }));
