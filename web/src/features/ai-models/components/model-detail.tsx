import type { ModelItem } from '@sentinel/contract';
import { Descriptions, Drawer, Tag, Typography } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { formatBytes } from '../lib/format.ts';

/** One model's facts: what it detects, its package (format, size, sha256) and its use. */
export function ModelDetail({ model, onClose }: { model: ModelItem | null; onClose: () => void }) {
  const { t } = useTranslation('aiModels');
  return (
    <Drawer
      open={model !== null}
      title={model?.name}
      onClose={onClose}
      size={520}
      data-testid="ai-model-detail"
    >
      {model ? (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('field.version')}>{model.version}</Descriptions.Item>
          <Descriptions.Item label={t('field.task')}>
            {t(`task.${model.task}`, { defaultValue: model.task })}
          </Descriptions.Item>
          <Descriptions.Item label={t('field.classes')}>
            {model.classes.map((c) => (
              <Tag key={c}>{c}</Tag>
            ))}
          </Descriptions.Item>
          <Descriptions.Item
            label={t('field.inputSize')}
          >{`${model.inputWidth} × ${model.inputHeight}`}</Descriptions.Item>
          <Descriptions.Item label={t('field.format')}>
            {t(`format.${model.format}`, { defaultValue: model.format })}
          </Descriptions.Item>
          <Descriptions.Item label={t('field.size')}>{formatBytes(model.sizeBytes)}</Descriptions.Item>
          <Descriptions.Item label="SHA-256">
            <Typography.Text copyable code style={{ wordBreak: 'break-all' }} data-testid="ai-model-sha">
              {model.sha256}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('field.instances')}>{model.instanceCount}</Descriptions.Item>
          <Descriptions.Item label={t('field.source')}>
            {model.builtin ? t('builtin') : t('uploaded')}
          </Descriptions.Item>
          <Descriptions.Item label={t('field.description')}>{model.description || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('field.createdAt')}>{formatTime(model.createdAt)}</Descriptions.Item>
        </Descriptions>
      ) : null}
    </Drawer>
  );
}
