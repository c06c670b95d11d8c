import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import type { DatasetItem } from '@sentinel/contract';
import { Button, Drawer, Dropdown, Input, Popconfirm, Space, Tabs, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { RequestError } from '@/shared/request/errors.ts';
import { toast } from '@/shared/ui/feedback.ts';
import { PageError, PageLoading } from '@/shared/ui/page-states.tsx';
import { exportUrl, uploadImage, useDataset, useFreeze, useRefreshDatasets } from '../api/datasets.ts';
import { FalseAlarmDialog } from './false-alarm-dialog.tsx';
import { ImageGrid } from './image-grid.tsx';
import { LabelEditor } from './label-editor.tsx';
import { VersionsPanel } from './versions-panel.tsx';
import { ZipImportDialog } from './zip-import-dialog.tsx';

type Dialog = 'zip' | 'falseAlarms' | null;

/** One dataset: its images (add, import, label, remove), its frozen versions (freeze, export). */
export function DatasetView({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('datasets');
  const buttons = useButtons('trainingDataset');
  const canEdit = buttons.can('trainingDataset:edit');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [editing, setEditing] = useState<DatasetItem | null>(null);
  const [note, setNote] = useState('');
  const [tab, setTab] = useState('images');
  const refresh = useRefreshDatasets();
  const freeze = useFreeze(id);
  const row = useDataset(id);
  const notFound = row.error instanceof RequestError && row.error.httpStatus === 404;
  const dataset = row.data;

  const actions = canEdit ? (
    <Space wrap>
      <Upload
        accept=".jpg,.jpeg,.png,image/jpeg,image/png"
        showUploadList={false}
        beforeUpload={(file) => {
          uploadImage(id, file).then(
            () => {
              void refresh();
              toast.success(t('imageAdded'));
            },
            (error: unknown) => toast.error(error instanceof Error ? error.message : String(error)),
          );
          return false;
        }}
      >
        <Button icon={<PlusOutlined />} data-testid="dataset-add-image">
          {t('addImage')}
        </Button>
      </Upload>
      <Button onClick={() => setDialog('zip')} data-testid="dataset-import-zip">
        {t('importZip')}
      </Button>
      <Button onClick={() => setDialog('falseAlarms')} data-testid="dataset-import-fa">
        {t('fromFalseAlarms')}
      </Button>
      <Popconfirm
        title={t('freezeConfirm')}
        description={
          <Input
            placeholder={t('version.note')}
            value={note}
            maxLength={200}
            onChange={(e) => setNote(e.target.value)}
            data-testid="dataset-freeze-note"
          />
        }
        onConfirm={async () => {
          await freeze.mutateAsync(note);
          setNote('');
          setTab('versions');
        }}
      >
        <Button type="primary" loading={freeze.isPending} data-testid="dataset-freeze">
          {t('freeze')}
        </Button>
      </Popconfirm>
      <Dropdown
        menu={{
          items: (['yolo', 'coco'] as const).map((format) => ({
            key: format,
            label: (
              <a href={exportUrl(id, format)} download>
                {t('exportWorking', { format: format.toUpperCase() })}
              </a>
            ),
          })),
        }}
      >
        <Button>
          {t('export')} <DownOutlined />
        </Button>
      </Dropdown>
    </Space>
  ) : null;

  return (
    <Drawer
      open
      width="min(1200px, 96vw)"
      title={dataset ? dataset.name : t('dataset')}
      onClose={onClose}
      extra={actions}
      data-testid="dataset-view"
    >
      {row.isLoading ? <PageLoading /> : null}
      {notFound ? <PageError message={t('notFound')} /> : null}
      {row.isError && !notFound ? <PageError onRetry={() => void row.refetch()} /> : null}
      {dataset ? (
        <>
          <Space size={[0, 4]} wrap style={{ marginBottom: 8 }}>
            <Tag>{t('summary.images', { count: dataset.images })}</Tag>
            <Tag>{t('summary.negatives', { count: dataset.negatives })}</Tag>
            {dataset.classes.map((c) => (
              <Tag key={c} color="blue">
                {c} · {dataset.boxes[c] ?? 0}
              </Tag>
            ))}
          </Space>
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              {
                key: 'images',
                label: t('tab.images'),
                children: (
                  <ImageGrid
                    datasetId={id}
                    classes={dataset.classes}
                    onOpen={canEdit ? setEditing : () => undefined}
                  />
                ),
              },
              { key: 'versions', label: t('tab.versions'), children: <VersionsPanel datasetId={id} /> },
            ]}
          />
          {editing ? (
            <LabelEditor
              datasetId={id}
              item={editing}
              classes={dataset.classes}
              onClose={() => setEditing(null)}
            />
          ) : null}
        </>
      ) : null}
      {dialog === 'zip' ? <ZipImportDialog datasetId={id} onClose={() => setDialog(null)} /> : null}
      {dialog === 'falseAlarms' ? <FalseAlarmDialog datasetId={id} onClose={() => setDialog(null)} /> : null}
    </Drawer>
  );
}
