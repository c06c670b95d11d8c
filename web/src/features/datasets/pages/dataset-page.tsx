import type { DatasetRow } from '@sentinel/contract';
import { Button, Space, type TableColumnsType, Tag } from 'antd';
import { useSearchParams } from 'react-router';
import { CrudList, useCrudPage } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { datasetApi } from '../api/datasets.ts';
import { DatasetForm } from '../components/dataset-form.tsx';
import { DatasetView } from '../components/dataset-view.tsx';

/** /AIOpenPlatform/trainingDataset: datasets of an instance; `?dataset=<id>` opens one. */
export default function DatasetPage() {
  const { t } = useTranslation('datasets');
  const crud = useCrudPage(datasetApi, 'trainingDataset');
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('dataset')) || undefined;
  const open = (id?: number) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id) next.set('dataset', String(id));
      else next.delete('dataset');
      return next;
    });

  const columns: TableColumnsType<DatasetRow> = [
    {
      title: t('field.name'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <Button
          type="link"
          style={{ padding: 0 }}
          onClick={() => open(row.id)}
          data-testid={`dataset-open-${row.id}`}
        >
          {name}
        </Button>
      ),
    },
    { title: t('field.algorithm'), dataIndex: 'algorithmName', render: (v: string | null) => v ?? '—' },
    {
      title: t('field.classes'),
      dataIndex: 'classes',
      render: (classes: string[], row) => (
        <Space size={[0, 4]} wrap>
          {classes.map((c) => (
            <Tag key={c}>
              {c} · {row.boxes[c] ?? 0}
            </Tag>
          ))}
        </Space>
      ),
    },
    { title: t('field.images'), dataIndex: 'images', width: 90 },
    { title: t('field.negatives'), dataIndex: 'negatives', width: 100 },
    { title: t('field.versions'), dataIndex: 'versions', width: 90 },
    { title: t('field.updatedAt'), dataIndex: 'updatedAt', responsive: ['md'], render: formatTime },
    crud.actionsColumn({
      width: 200,
      testId: (row) => `dataset-${row.id}`,
      name: (row) => row.name,
      extra: (row) => (
        <Button type="link" size="small" onClick={() => open(row.id)}>
          {t('open')}
        </Button>
      ),
    }),
  ];

  return (
    <>
      <CrudList crud={crud} testId="dataset" search={t('keyword')} addLabel={t('add')} columns={columns}>
        <DatasetForm {...crud.form} />
      </CrudList>
      {openId ? <DatasetView id={openId} onClose={() => open(undefined)} /> : null}
    </>
  );
}
