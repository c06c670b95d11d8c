import { MODEL_FORMATS, MODEL_TASKS, type ModelItem } from '@sentinel/contract';
import { Button, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CrudList, FilterSelect, useCrudPage } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { modelApi } from '../api/models.ts';
import { DraftsCard } from '../components/drafts-card.tsx';
import { ModelDetail } from '../components/model-detail.tsx';
import { ModelForm } from '../components/model-form.tsx';
import { ModelUploadModal } from '../components/model-upload-modal.tsx';
import { formatBytes } from '../lib/format.ts';
import { wizardPath } from '../lib/wizard-paths.ts';

const FILTERS = { task: null as string | null, format: null as string | null };

/** /AIOpenPlatform/AlgorithmModelBase: the base models, their upload, and the unfinished wizards. */
export default function ModelBasePage() {
  const { t } = useTranslation('aiModels');
  const crud = useCrudPage(modelApi, 'AlgorithmModelBase', { filters: FILTERS });
  const [detail, setDetail] = useState<ModelItem | null>(null);
  const navigate = useNavigate();
  const canInstance = crud.can('instance');
  const adding = crud.form.editing !== null && !crud.form.editing.row;

  const columns: TableColumnsType<ModelItem> = [
    {
      title: t('field.name'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <Space size={4}>
          <Button
            type="link"
            size="small"
            onClick={() => setDetail(row)}
            data-testid={`ai-model-${row.name}-open`}
          >
            {name}
          </Button>
          {row.builtin ? <Tag color="blue">{t('builtin')}</Tag> : null}
        </Space>
      ),
    },
    { title: t('field.version'), dataIndex: 'version' },
    { title: t('field.task'), dataIndex: 'task', render: (v: string) => t(`task.${v}`, { defaultValue: v }) },
    {
      title: t('field.classes'),
      dataIndex: 'classes',
      responsive: ['lg'],
      render: (classes: string[]) => classes.slice(0, 4).join(', ') + (classes.length > 4 ? ' …' : ''),
    },
    {
      title: t('field.inputSize'),
      key: 'input',
      responsive: ['md'],
      render: (_, r) => `${r.inputWidth}×${r.inputHeight}`,
    },
    {
      title: t('field.format'),
      dataIndex: 'format',
      render: (v: string) => <Tag>{t(`format.${v}`, { defaultValue: v })}</Tag>,
    },
    { title: t('field.size'), dataIndex: 'sizeBytes', responsive: ['md'], render: formatBytes },
    {
      title: 'SHA-256',
      dataIndex: 'sha256',
      responsive: ['xl'],
      render: (v: string) => <code>{v.slice(0, 12)}</code>,
    },
    { title: t('field.instances'), dataIndex: 'instanceCount', width: 90 },
    crud.actionsColumn({
      width: 220,
      testId: (row) => `ai-model-${row.name}`,
      name: (row) => `${row.name} ${row.version}`,
      extra: (row) =>
        canInstance ? (
          <Button
            type="link"
            size="small"
            onClick={() => navigate(wizardPath.step1(row.id, row.name, ''))}
            data-testid={`ai-model-${row.name}-instance`}
          >
            {t('createInstance')}
          </Button>
        ) : null,
    }),
  ];

  return (
    <>
      <CrudList
        crud={crud}
        testId="ai-model"
        search={t('keyword')}
        filters={
          <>
            <FilterSelect<string>
              label={t('field.task')}
              value={crud.filters.task}
              onChange={(task) => crud.setFilters({ task })}
              options={MODEL_TASKS.map((v) => ({ value: v, label: t(`task.${v}`) }))}
            />
            <FilterSelect<string>
              label={t('field.format')}
              value={crud.filters.format}
              onChange={(format) => crud.setFilters({ format })}
              options={MODEL_FORMATS.map((v) => ({ value: v, label: t(`format.${v}`) }))}
            />
          </>
        }
        addLabel={t('upload.title')}
        columns={columns}
      >
        <ModelForm editing={crud.form.editing?.row ? crud.form.editing : null} onClose={crud.form.onClose} />
        <ModelUploadModal open={adding} onClose={crud.form.onClose} />
        <ModelDetail model={detail} onClose={() => setDetail(null)} />
      </CrudList>
      <DraftsCard canWrite={canInstance} />
    </>
  );
}
