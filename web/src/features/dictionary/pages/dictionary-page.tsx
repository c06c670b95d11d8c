import type { DictionaryItem, DictionaryType } from '@sentinel/contract';
import { Button, Card, Col, Flex, Row, Switch, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { RowActions } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { ListTable } from '@/shared/ui/list-table.tsx';
import { PageError } from '@/shared/ui/page-states.tsx';
import {
  useDeleteItem,
  useDeleteType,
  useDictionaryItems,
  useDictionaryTypes,
  useReorderItems,
  useSetItemEnabled,
} from '../api/dictionary.ts';
import { ItemForm, TypeForm } from '../components/dictionary-forms.tsx';

/**
 * /systemSettings/dictionary: the types (left) and the selected type's items (right) — add, edit,
 * delete (refused for system types and for items records use), enable and reorder.
 */
export default function DictionaryPage() {
  const { t, i18n } = useTranslation('dictionary');
  const zh = i18n.language === 'zh-CN';
  const types = useDictionaryTypes();
  const [selectedId, setSelectedId] = useState<number>();
  const selected = types.data?.find((ty) => ty.id === selectedId) ?? types.data?.[0];
  const items = useDictionaryItems(selected?.id);
  const [editingType, setEditingType] = useState<{ row?: DictionaryType } | null>(null);
  const [editingItem, setEditingItem] = useState<{ row?: DictionaryItem } | null>(null);
  const deleteType = useDeleteType();
  const deleteItem = useDeleteItem();
  const setEnabled = useSetItemEnabled();
  const reorder = useReorderItems();
  const list = items.data ?? [];

  const move = (index: number, by: -1 | 1) => {
    if (!selected) return;
    const ids = list.map((i) => i.id);
    const [id] = ids.splice(index, 1);
    if (id === undefined) return;
    ids.splice(index + by, 0, id);
    reorder.mutate({ typeId: selected.id, ids });
  };

  const typeColumns: TableColumnsType<DictionaryType> = [
    {
      title: t('field.name'),
      key: 'name',
      render: (_: unknown, row) => (
        <Flex vertical>
          <span>
            {zh ? row.nameZh : row.nameEn} {row.system ? <Tag color="blue">{t('type.system')}</Tag> : null}
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.code}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('field.itemCount'), dataIndex: 'itemCount', width: 80 },
    {
      title: t('field.actions'),
      key: 'actions',
      render: (_: unknown, row) => (
        <RowActions
          testId={`dict-type-${row.code}`}
          name={zh ? row.nameZh : row.nameEn}
          onEdit={() => setEditingType({ row })}
          onDelete={row.system ? undefined : () => deleteType.mutateAsync(row.id)}
        />
      ),
    },
  ];

  const itemColumns: TableColumnsType<DictionaryItem> = [
    {
      title: t('field.order'),
      key: 'order',
      width: 90,
      render: (_: unknown, row, index) => (
        <Flex gap={4}>
          <Button
            size="small"
            aria-label={t('item.up')}
            disabled={index === 0 || reorder.isPending}
            onClick={() => move(index, -1)}
            data-testid={`dict-item-${row.value}-up`}
          >
            ↑
          </Button>
          <Button
            size="small"
            aria-label={t('item.down')}
            disabled={index === list.length - 1 || reorder.isPending}
            onClick={() => move(index, 1)}
            data-testid={`dict-item-${row.value}-down`}
          >
            ↓
          </Button>
        </Flex>
      ),
    },
    { title: t('field.value'), dataIndex: 'value' },
    { title: t('field.labelEn'), dataIndex: 'labelEn' },
    { title: t('field.labelZh'), dataIndex: 'labelZh' },
    {
      title: t('field.usage'),
      dataIndex: 'usage',
      render: (n: number) => (n > 0 ? t('item.usedBy', { count: n }) : '—'),
    },
    {
      title: t('field.enabled'),
      dataIndex: 'enabled',
      render: (enabled: boolean, row) => (
        <Switch
          size="small"
          checked={enabled}
          aria-label={t('field.enabled')}
          loading={setEnabled.isPending && setEnabled.variables?.item.id === row.id}
          onChange={(checked) => setEnabled.mutate({ item: row, enabled: checked })}
          data-testid={`dict-item-${row.value}-enabled`}
        />
      ),
    },
    {
      title: t('field.actions'),
      key: 'actions',
      render: (_: unknown, row) => (
        <RowActions
          testId={`dict-item-${row.value}`}
          name={`${zh ? row.labelZh : row.labelEn} (${row.value})`}
          onEdit={() => setEditingItem({ row })}
          onDelete={() => deleteItem.mutateAsync(row.id)}
        />
      ),
    },
  ];

  if (types.isError && !types.data) {
    return <PageError message={types.error.message} onRetry={() => void types.refetch()} />;
  }
  return (
    <Row gutter={16} data-testid="dictionary-page">
      <Col xs={24} lg={9}>
        <Card
          variant="borderless"
          title={t('type.title')}
          extra={
            <Button type="primary" onClick={() => setEditingType({})} data-testid="dict-type-add">
              {t('type.add')}
            </Button>
          }
        >
          <ListTable<DictionaryType>
            testId="dict-types"
            columns={typeColumns}
            dataSource={types.data ?? []}
            loading={types.isPending}
            pagination={false}
            onRowClick={(row) => setSelectedId(row.id)}
            rowClassName={(row) => (row.id === selected?.id ? 'ant-table-row-selected' : '')}
          />
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        <Card
          variant="borderless"
          title={
            selected ? t('item.title', { name: zh ? selected.nameZh : selected.nameEn }) : t('item.none')
          }
          extra={
            <Button
              type="primary"
              disabled={!selected}
              onClick={() => setEditingItem({})}
              data-testid="dict-item-add"
            >
              {t('item.add')}
            </Button>
          }
        >
          {items.isError && !items.data ? (
            <PageError message={items.error.message} onRetry={() => void items.refetch()} />
          ) : (
            <ListTable<DictionaryItem>
              testId="dict-items"
              columns={itemColumns}
              dataSource={list}
              loading={items.isPending && selected !== undefined}
              pagination={false}
            />
          )}
        </Card>
      </Col>
      <TypeForm editing={editingType} onClose={() => setEditingType(null)} />
      {selected ? (
        <ItemForm typeId={selected.id} editing={editingItem} onClose={() => setEditingItem(null)} />
      ) : null}
    </Row>
  );
}
