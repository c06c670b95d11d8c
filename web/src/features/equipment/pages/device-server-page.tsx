import { SERVER_KINDS, type ServerItem, type ServerKind } from '@sentinel/contract';
import { Select, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { actionsColumn, CrudList, useListPage } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { serverApi } from '../api/servers.ts';
import { OnlineTag } from '../components/online-tag.tsx';
import { ServerFormDrawer } from '../components/server-form-drawer.tsx';

/** /deviceManagement/serverSettings: analysis, media and storage servers (address and port). */
export default function DeviceServerPage() {
  const { t } = useTranslation('equipment');
  const { t: tc } = useTranslation();
  const buttons = useButtons('deviceServerSettings');
  const page = useListPage<ServerItem>();
  const [kind, setKind] = useState<ServerKind | null>(null);
  const query = serverApi.useList({ ...page.query, ...(kind ? { kind } : {}) });
  const remove = serverApi.useRemove();
  const canEdit = buttons.can('deviceServerSettings:edit');
  const canDelete = buttons.can('deviceServerSettings:delete');

  const columns: TableColumnsType<ServerItem> = [
    { title: t('field.name'), dataIndex: 'name' },
    {
      title: t('field.serverKind'),
      dataIndex: 'kind',
      render: (v: string) => t(`serverKind.${v}`, { defaultValue: v }),
    },
    { title: t('field.ip'), dataIndex: 'ip' },
    { title: t('field.port'), dataIndex: 'port' },
    { title: t('field.online'), dataIndex: 'online', render: (v: boolean) => <OnlineTag online={v} /> },
    { title: t('field.description'), dataIndex: 'description', responsive: ['xl'], ellipsis: true },
    { title: t('field.updatedAt'), dataIndex: 'updatedAt', responsive: ['lg'], render: formatTime },
    actionsColumn<ServerItem>({
      title: tc('actions'),
      testId: (row) => `server-${row.id}`,
      name: (row) => row.name,
      onEdit: canEdit ? page.startEdit : undefined,
      onDelete: canDelete ? (row) => remove.mutateAsync(row.id) : undefined,
    }),
  ];

  return (
    <CrudList
      testId="server"
      search={{ placeholder: t('server.keyword'), onSearch: page.setKeyword }}
      filters={
        <Select<ServerKind>
          allowClear
          placeholder={t('field.serverKind')}
          aria-label={t('field.serverKind')}
          value={kind ?? undefined}
          onChange={(v) => {
            setKind(v ?? null);
            page.setPaging((p) => ({ ...p, page: 1 }));
          }}
          options={SERVER_KINDS.map((k) => ({ value: k, label: t(`serverKind.${k}`) }))}
          style={{ minWidth: 160 }}
        />
      }
      addLabel={t('server.add')}
      onAdd={buttons.can('deviceServerSettings:add') ? page.startAdd : undefined}
      query={query}
      columns={columns}
      paging={page.paging}
      onPaging={page.setPaging}
    >
      <ServerFormDrawer editing={page.editing} onClose={page.close} />
    </CrudList>
  );
}
