import type { AccountItem, PlantTreeNode } from '@sentinel/contract';
import { Modal, Spin, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { usePlantTree } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { PageEmpty, PageError } from '@/shared/ui/page-states.tsx';
import { useSetAccountRegion } from '../api/set-account-region.ts';

interface TreeItem {
  key: number;
  title: React.ReactNode;
  children?: TreeItem[];
}

const toItems = (nodes: PlantTreeNode[]): TreeItem[] =>
  nodes.map((n) => ({
    key: n.id,
    title: <span data-testid={`region-authority-node-${n.id}`}>{n.name}</span>,
    children: n.children?.length ? toItems(n.children) : undefined,
  }));

/**
 * Regional authority (POST account/region): the plant nodes an account manages, checked one by one
 * in the plant tree (GET plant/tree); the scenes in and below them become visible to it.
 */
export function RegionAuthorityDialog({
  account,
  onClose,
}: {
  account: AccountItem | null;
  onClose: () => void;
}) {
  if (!account) return null;
  return <RegionAuthorityModal key={account.id} account={account} onClose={onClose} />;
}

function RegionAuthorityModal({ account, onClose }: { account: AccountItem; onClose: () => void }) {
  const { t } = useTranslation('accounts');
  const plant = usePlantTree();
  const save = useSetAccountRegion();
  const [checked, setChecked] = useState<number[]>(account.regionIds);
  const tree = useMemo(() => toItems(plant.data ?? []), [plant.data]);

  const submit = async () => {
    try {
      await save.mutateAsync({ accountId: account.id, regionIds: checked });
      onClose();
    } catch {
      // The request layer has shown the error; the choice stays.
    }
  };

  let body: React.ReactNode;
  if (plant.isError) body = <PageError message={plant.error.message} onRetry={() => plant.refetch()} />;
  else if (plant.isPending) body = <Spin style={{ display: 'block', margin: '48px auto' }} />;
  else if (tree.length === 0) body = <PageEmpty description={t('region.noNodes')} />;
  else
    body = (
      <div style={{ maxHeight: 360, overflow: 'auto' }} data-testid="region-authority-tree">
        <Tree<TreeItem>
          checkable
          checkStrictly
          selectable={false}
          defaultExpandAll
          treeData={tree}
          checkedKeys={checked}
          onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(Number))}
        />
      </div>
    );

  return (
    <Modal
      open
      title={t('region.title', { name: account.accountName })}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'region-authority-submit' } as Record<string, string>}
      mask={{ closable: false }}
      width={520}
    >
      <div data-testid="region-authority">
        <Typography.Paragraph type="secondary">{t('region.hint')}</Typography.Paragraph>
        {body}
      </div>
    </Modal>
  );
}
