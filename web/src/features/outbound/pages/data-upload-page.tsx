import type { ReceiverItem } from '@sentinel/contract';
import { Card, type TableColumnsType, Tabs, Tag } from 'antd';
import { CrudList, EnabledTag, useCrudPage } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { receiverApi, useOutboundLive } from '../api.ts';
import { DeliveryLog } from '../components/delivery-log.tsx';
import { ReceiverForm } from '../components/receiver-form.tsx';

/** /systemSettings/dataUpload: receivers (webhook, MQTT), the delivery log and the dead letter. */
export default function DataUploadPage() {
  const { t } = useTranslation('outbound');
  useOutboundLive();
  const crud = useCrudPage(receiverApi, 'dataUpload');
  const columns: TableColumnsType<ReceiverItem> = [
    { title: t('field.name'), dataIndex: 'name' },
    {
      title: t('field.kind'),
      dataIndex: 'kind',
      width: 110,
      render: (v: string) => <Tag>{t(`kind.${v}`)}</Tag>,
    },
    {
      title: t('column.target'),
      key: 'target',
      responsive: ['md'],
      render: (_: unknown, r: ReceiverItem) =>
        r.kind === 'mqtt' ? `${r.brokerUrl} · ${r.topicTemplate}` : r.url,
    },
    {
      title: t('field.enabled'),
      dataIndex: 'enabled',
      width: 100,
      render: (v: boolean) => <EnabledTag enabled={v} />,
    },
    { title: t('state.pending'), dataIndex: 'pending', width: 90 },
    { title: t('state.delivered'), dataIndex: 'delivered', width: 90 },
    { title: t('state.dead'), dataIndex: 'dead', width: 90 },
    crud.actionsColumn({ width: 140, testId: (r) => `receiver-${r.id}`, name: (r) => r.name }),
  ];
  return (
    <Tabs
      data-testid="data-upload-tabs"
      items={[
        {
          key: 'receivers',
          label: t('tab.receivers'),
          children: (
            <CrudList
              crud={crud}
              testId="receiver"
              search={t('keyword')}
              addLabel={t('add')}
              columns={columns}
            >
              <ReceiverForm {...crud.form} />
            </CrudList>
          ),
        },
        {
          key: 'log',
          label: t('tab.log'),
          children: (
            <Card>
              <DeliveryLog canRedeliver={crud.can('redeliver')} />
            </Card>
          ),
        },
        {
          key: 'dead',
          label: t('tab.dead'),
          children: (
            <Card>
              <DeliveryLog deadLetter canRedeliver={crud.can('redeliver')} />
            </Card>
          ),
        },
      ]}
    />
  );
}
