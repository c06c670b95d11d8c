import type { AccountItem } from '@sentinel/contract';
import { Alert, type ButtonProps, Flex, Modal, Spin, Switch, Tag, Tree, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { usePlantTree } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { PageEmpty, PageError } from '@/shared/ui/page-states.tsx';
import { useAuthorityScenes } from '../api/authority-scenes.ts';
import { useSaveSceneAuthority } from '../api/scene-authority.ts';
import { useSaveSceneBatchAuthority } from '../api/scene-batch-authority.ts';
import { buildSceneTree, type SceneTreeNode, sceneIdsOf, sceneKey } from '../lib/scene-tree.ts';

interface TreeItem {
  key: string;
  title: React.ReactNode;
  children?: TreeItem[];
}

/**
 * Scene authority of one account (POST scene/authority) or of several at once (POST
 * scene/batch/authority): "all scenes", or the scenes checked in the plant / area tree. The scenes
 * come from GET scene/{accountId}/0/scene; for one account its current grants start checked, for a
 * batch nothing does (the choice replaces every selected account's authority).
 */
export function SceneAuthorityDialog({
  accounts,
  onClose,
}: {
  accounts: AccountItem[] | null;
  onClose: (saved: boolean) => void;
}) {
  if (!accounts || accounts.length === 0) return null;
  return (
    <SceneAuthorityModal key={accounts.map((a) => a.id).join(',')} accounts={accounts} onClose={onClose} />
  );
}

function SceneAuthorityModal({
  accounts,
  onClose,
}: {
  accounts: AccountItem[];
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation('accounts');
  const single = accounts.length === 1 ? accounts[0] : undefined;
  const first = accounts[0] as AccountItem;
  const scenes = useAuthorityScenes(first.id, 0);
  const plant = usePlantTree();
  const saveOne = useSaveSceneAuthority();
  const saveMany = useSaveSceneBatchAuthority();
  const [allScenes, setAllScenes] = useState(single?.allScenes ?? false);
  const [checked, setChecked] = useState<string[] | null>(null);

  useEffect(() => {
    if (scenes.data && checked === null) {
      setChecked(single ? scenes.data.filter((s) => s.granted).map((s) => sceneKey(s.id)) : []);
    }
  }, [scenes.data, checked, single]);

  const tree = useMemo(() => {
    const toItems = (nodes: SceneTreeNode[]): TreeItem[] =>
      nodes.map((n) => ({
        key: n.key,
        title:
          n.kind === 'scene' ? (
            <span data-testid={`scene-authority-scene-${n.id}`}>
              {n.name}
              {n.scene && !n.scene.enabled ? (
                <Tag style={{ marginInlineStart: 8 }}>{t('scene.disabled')}</Tag>
              ) : null}
              {single && n.scene?.viaRegion ? (
                <Tag color="blue" style={{ marginInlineStart: 8 }}>
                  {t('scene.viaRegion')}
                </Tag>
              ) : null}
            </span>
          ) : (
            <span data-testid={`scene-authority-node-${n.id}`}>{n.name}</span>
          ),
        children: n.children ? toItems(n.children) : undefined,
      }));
    return toItems(buildSceneTree(plant.data ?? [], scenes.data ?? [], t('scene.otherArea')));
  }, [plant.data, scenes.data, single, t]);

  const sceneIds = sceneIdsOf(checked ?? []);
  const saving = saveOne.isPending || saveMany.isPending;
  const loading = scenes.isPending || plant.isPending || checked === null;

  const submit = async () => {
    try {
      if (single) await saveOne.mutateAsync({ accountId: single.id, allScenes, sceneIds });
      else await saveMany.mutateAsync({ accountIds: accounts.map((a) => a.id), allScenes, sceneIds });
      onClose(true);
    } catch {
      // The request layer has shown the error; the choice stays.
    }
  };

  let body: React.ReactNode;
  if (scenes.isError) body = <PageError message={scenes.error.message} onRetry={() => scenes.refetch()} />;
  else if (loading) body = <Spin style={{ display: 'block', margin: '48px auto' }} />;
  else if (tree.length === 0) body = <PageEmpty description={t('scene.noScenes')} />;
  else
    body = (
      <div
        style={{ maxHeight: 360, overflow: 'auto', opacity: allScenes ? 0.5 : 1 }}
        data-testid="scene-authority-tree"
      >
        <Tree<TreeItem>
          checkable
          selectable={false}
          disabled={allScenes}
          defaultExpandAll
          treeData={tree}
          checkedKeys={checked ?? []}
          onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
        />
      </div>
    );

  return (
    <Modal
      open
      title={
        single
          ? t('scene.title', { name: single.accountName })
          : t('scene.batchTitle', { count: accounts.length })
      }
      onCancel={() => onClose(false)}
      onOk={submit}
      confirmLoading={saving}
      okButtonProps={{
        disabled: loading && !allScenes,
        ...({ 'data-testid': 'scene-authority-submit' } as ButtonProps),
      }}
      mask={{ closable: false }}
      width={560}
    >
      <div data-testid="scene-authority">
        {single ? null : (
          <Alert type="info" showIcon title={t('scene.batchNote')} style={{ marginBottom: 12 }} />
        )}
        <Flex align="center" gap={8} style={{ marginBottom: 4 }}>
          <Switch checked={allScenes} onChange={setAllScenes} data-testid="scene-authority-all" />
          <Typography.Text strong>{t('scene.allScenes')}</Typography.Text>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          {allScenes ? t('scene.allScenesHint') : t('scene.selected', { count: sceneIds.length })}
        </Typography.Paragraph>
        {body}
      </div>
    </Modal>
  );
}
