import { SERVER_KINDS, type ServerItem, type ServerKind } from '@sentinel/contract';
import type { TableColumnsType } from 'antd';
import { CrudList, FilterSelect, useCrudPage } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { serverApi } from '../api/servers.ts';
import { OnlineTag } from '../components/online-tag.tsx';
import { ServerFormDrawer } from '../components/server-form-drawer.tsx';

/** /deviceManagement/serverSettings: analysis, media and storage servers (address and port). */
export default function DeviceServerPage() {
  const { t } = useTranslation('equipment');
  const crud = useCrudPage(serverApi, 'deviceServerSettings', {
    filters: { kind: null as ServerKind | null },
  });

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
    crud.actionsColumn({
      testId: (row) => `server-${row.id}`,
      name: (row) => row.name,
    }),
  ];

  return (
    <CrudList
      crud={crud}
      testId="server"
      search={t('server.keyword')}
      filters={
        <FilterSelect<ServerKind>
          label={t('field.serverKind')}
          value={crud.filters.kind}
          onChange={(kind) => crud.setFilters({ kind })}
          options={SERVER_KINDS.map((k) => ({ value: k, label: t(`serverKind.${k}`) }))}
        />
      }
      addLabel={t('server.add')}
      columns={columns}
    >
      <ServerFormDrawer {...crud.form} />
    </CrudList>
  );
}
