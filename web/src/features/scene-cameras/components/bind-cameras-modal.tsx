import type { BindableCamera } from '@sentinel/contract';
import { Button, Input, Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { toast } from '@/shared/ui/feedback.ts';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { useBindCameras } from '../api/bind-cameras.ts';
import { useBindableCameras } from '../api/list-bindable-cameras.ts';

/** Lists the cameras not yet bound to the scene (with search) and binds the selected ones. */
export function BindCamerasModal({
  open,
  sceneId,
  sceneName,
  onClose,
}: {
  open: boolean;
  sceneId: number;
  sceneName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('sceneCameras');
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<BindableCamera[]>([]);
  const query = { ...page, sceneId, keyword };
  const { data, isFetching, isError, refetch } = useBindableCameras(query, open);
  const bind = useBindCameras();

  const close = () => {
    setSelected([]);
    setKeyword('');
    setPage(FIRST_PAGE);
    onClose();
  };

  const submit = async () => {
    if (selected.length === 0) {
      toast.warning(t('bindNone'));
      return;
    }
    const result = await bind.mutateAsync({ sceneId, cameraIds: selected.map((c) => c.id) });
    toast.success(t('bound', { count: result.added.length }));
    if (result.skipped.length > 0) {
      const names = selected.filter((c) => result.skipped.includes(c.id)).map((c) => c.name);
      toast.warning(t('skipped', { names: names.join(', ') }));
    }
    close();
  };

  return (
    <Modal
      open={open}
      title={t('bindTitle', { scene: sceneName })}
      onCancel={close}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('bindOk')}
      okButtonProps={{ disabled: selected.length === 0, 'data-testid': 'bind-submit' }}
      confirmLoading={bind.isPending}
      width={760}
      destroyOnHidden
    >
      <Input.Search
        allowClear
        data-testid="bind-search"
        placeholder={t('keyword')}
        aria-label={t('keyword')}
        onSearch={(value) => {
          setKeyword(value.trim());
          setPage((p) => ({ ...p, page: 1 }));
        }}
        style={{ marginBottom: 12 }}
      />
      <Table<BindableCamera>
        data-testid="bindable-table"
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.list ?? []}
        locale={{
          emptyText: isError ? (
            <Button type="link" onClick={() => void refetch()}>
              {t('common:retry')}
            </Button>
          ) : (
            t('noBindable')
          ),
        }}
        rowSelection={{
          preserveSelectedRowKeys: true,
          selectedRowKeys: selected.map((c) => c.id),
          onChange: (_keys, rows) => setSelected(rows),
        }}
        columns={[
          { title: t('columns.name'), dataIndex: 'name' },
          { title: t('columns.code'), dataIndex: 'code' },
          { title: t('columns.ip'), dataIndex: 'ip', responsive: ['sm'] },
          { title: t('columns.area'), dataIndex: 'areaName', responsive: ['md'] },
          {
            title: t('columns.online'),
            dataIndex: 'online',
            render: (online: boolean) => (
              <Tag color={online ? 'green' : 'default'}>{online ? t('online') : t('offline')}</Tag>
            ),
          },
        ]}
        pagination={tablePagination(page, data?.count ?? 0, setPage)}
        scroll={{ x: 'max-content' }}
      />
    </Modal>
  );
}
