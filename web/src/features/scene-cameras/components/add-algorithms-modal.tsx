import { type AlgorithmChoice, createAlgorithmBody, translate } from '@sentinel/contract';
import { Alert, Flex, Form, Modal, Radio, Select, Typography } from 'antd';
import { useState } from 'react';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { useCreateAlgorithms } from '../api/create-algorithms.ts';
import { useAlgorithmOptions } from '../api/list-algorithm-options.ts';
import { useLevelLabel } from './level-tag.tsx';

/**
 * Adds algorithms to a scene camera: several from the catalogue, one level each (among the
 * algorithm's allowed levels). Same rules and messages as the server, checked before sending.
 */
export function AddAlgorithmsModal({
  open,
  sceneCameraId,
  cameraName,
  existing,
  onClose,
}: {
  open: boolean;
  sceneCameraId: number;
  cameraName: string;
  /** Algorithm ids already on this camera (once per camera). */
  existing: number[];
  onClose: () => void;
}) {
  const { t } = useTranslation('sceneCameras');
  const lang = useLang();
  const levelLabel = useLevelLabel();
  const options = useAlgorithmOptions(open);
  const create = useCreateAlgorithms();
  const [chosen, setChosen] = useState<number[]>([]);
  const [levels, setLevels] = useState<Record<number, number>>({});
  const [error, setError] = useState<string | null>(null);
  const catalogue = options.data ?? [];
  const byId = new Map(catalogue.map((a) => [a.id, a]));

  const close = () => {
    setChosen([]);
    setLevels({});
    setError(null);
    onClose();
  };

  const choose = (ids: number[]) => {
    setError(null);
    setChosen(ids);
    setLevels((current) => {
      const next: Record<number, number> = {};
      for (const id of ids) {
        const algorithm = byId.get(id);
        const fallback = algorithm?.levels.includes(algorithm.defaultLevel)
          ? algorithm.defaultLevel
          : algorithm?.levels[0];
        const level = current[id] ?? fallback;
        if (level !== undefined) next[id] = level;
      }
      return next;
    });
  };

  const submit = async () => {
    const algorithms: AlgorithmChoice[] = chosen.map((algorithmId) => ({
      algorithmId,
      level: levels[algorithmId] ?? Number.NaN,
    }));
    const parsed = createAlgorithmBody.safeParse({ sceneCameraId, algorithms });
    if (!parsed.success) {
      setError(translate(parsed.error.issues[0]?.message ?? 'field.invalid', lang));
      return;
    }
    if (chosen.some((id) => existing.includes(id))) {
      setError(translate('algorithm.oncePerCamera', lang));
      return;
    }
    if (chosen.some((id) => !byId.get(id)?.levels.includes(levels[id] ?? Number.NaN))) {
      setError(translate('algorithm.oneLevel', lang));
      return;
    }
    await create.mutateAsync(parsed.data);
    close();
  };

  return (
    <Modal
      open={open}
      title={t('addTitle', { camera: cameraName })}
      onCancel={close}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={create.isPending}
      okButtonProps={{ 'data-testid': 'add-algorithms-submit' }}
      width={640}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => void submit().catch(() => undefined)}>
        <Form.Item
          label={t('chooseAlgorithms')}
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
        >
          <Select<number[]>
            mode="multiple"
            data-testid="algorithm-select"
            aria-label={t('chooseAlgorithms')}
            placeholder={t('chooseAlgorithms')}
            loading={options.isPending}
            value={chosen}
            onChange={choose}
            showSearch={{ optionFilterProp: 'label' }}
            options={catalogue.map((a) => ({
              value: a.id,
              label: existing.includes(a.id) ? `${a.name} (${t('alreadyOnCamera')})` : a.name,
            }))}
          />
        </Form.Item>
        {options.isError && <Alert type="error" title={options.error.message} />}
        <Flex vertical gap={8}>
          {chosen.map((id) => {
            const algorithm = byId.get(id);
            if (!algorithm) return null;
            return (
              <Flex key={id} wrap align="center" gap={12} data-testid={`level-row-${algorithm.code}`}>
                <Typography.Text style={{ minWidth: 140 }}>{algorithm.name}</Typography.Text>
                <Radio.Group
                  aria-label={`${t('level')} ${algorithm.name}`}
                  value={levels[id]}
                  onChange={(event) => {
                    setError(null);
                    setLevels((current) => ({ ...current, [id]: Number(event.target.value) }));
                  }}
                  options={algorithm.levels.map((level) => ({ value: level, label: levelLabel(level) }))}
                />
              </Flex>
            );
          })}
        </Flex>
      </Form>
    </Modal>
  );
}
