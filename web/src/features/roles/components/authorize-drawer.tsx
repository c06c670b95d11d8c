import type { RoleItem, RoleMenuNode } from '@sentinel/contract';
import { Alert, Button, Checkbox, Drawer, Flex, Space, Tag, Tree, type TreeDataNode, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { nodeTitle, useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { toast } from '@/shared/ui/feedback.ts';
import { PageError, PageLoading } from '@/shared/ui/page-states.tsx';
import { useRoleAuth, useSaveRoleAuth } from '../api/role-auth.ts';
import { useRoleMenu } from '../api/role-menu.ts';
import { buttonLabel } from '../lib/button-labels.ts';
import {
  allGrants,
  checkState,
  flatten,
  fromAuth,
  type Grants,
  isGroup,
  toAuth,
  toggleButton,
  togglePage,
} from '../lib/grants.ts';

export type AuthorizeRole = Pick<RoleItem, 'id' | 'name' | 'displayName' | 'builtIn'>;

interface NodeData extends TreeDataNode {
  key: string;
  menu: RoleMenuNode;
  children: NodeData[];
}

function toTreeData(nodes: RoleMenuNode[], readOnly: boolean): NodeData[] {
  return nodes.map((menu) => ({
    key: menu.code,
    menu,
    disableCheckbox: readOnly || !menu.grantable,
    children: toTreeData(menu.children, readOnly),
    ...({ 'data-testid': `role-node-${menu.code}` } as object),
  }));
}

/**
 * "Authorise": the menu tree (role/menu) with a checkbox per page and, on each page's line, its
 * button codes as checkboxes. Checking a page checks nothing else; checking a button grants its
 * page; a group checks or clears its pages. Admin-only pages are shown, disabled. Saved with
 * role/auth. The built-in admin role holds everything and is shown read-only.
 */
export function AuthorizeDrawer({
  role,
  onClose,
  canSave = true,
}: {
  role: AuthorizeRole | null;
  onClose: () => void;
  /** The caller holds `role:auth` (else the drawer only shows the grants). */
  canSave?: boolean;
}) {
  const { t } = useTranslation('roles');
  return (
    <Drawer
      open={role !== null}
      onClose={onClose}
      size={640}
      destroyOnHidden
      title={role ? t('auth.title', { name: role.displayName || role.name }) : t('auth.action')}
      data-testid="role-auth-drawer"
    >
      {role ? <AuthorizeBody key={role.id} role={role} onClose={onClose} canSave={canSave} /> : null}
    </Drawer>
  );
}

function AuthorizeBody({
  role,
  onClose,
  canSave,
}: {
  role: AuthorizeRole;
  onClose: () => void;
  canSave: boolean;
}) {
  const menu = useRoleMenu();
  const auth = useRoleAuth(role.builtIn ? null : role.id);
  const failed = menu.isError ? menu : auth.isError ? auth : null;
  if (failed) return <PageError message={failed.error?.message} onRetry={() => void failed.refetch()} />;
  if (!menu.data || (!role.builtIn && !auth.data)) return <PageLoading />;
  const initial = role.builtIn
    ? allGrants(menu.data)
    : fromAuth(menu.data, auth.data ?? { menuCodes: [], buttons: [] });
  return (
    <GrantsEditor
      role={role}
      tree={menu.data}
      initial={initial}
      readOnly={role.builtIn || !canSave}
      onClose={onClose}
    />
  );
}

function GrantsEditor({
  role,
  tree,
  initial,
  readOnly,
  onClose,
}: {
  role: AuthorizeRole;
  tree: RoleMenuNode[];
  initial: Grants;
  readOnly: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('roles');
  const { t: tc } = useTranslation();
  const lang = useLang();
  const [grants, setGrants] = useState<Grants>(initial);
  const save = useSaveRoleAuth();
  const treeData = useMemo(() => toTreeData(tree, readOnly), [tree, readOnly]);
  const expanded = useMemo(
    () =>
      flatten(tree)
        .filter(({ node }) => isGroup(node))
        .map(({ node }) => node.code),
    [tree],
  );
  const checked = checkState(tree, grants);
  const pageCount = grants.pages.size;

  const submit = async () => {
    try {
      await save.mutateAsync(toAuth(tree, grants, role.id));
      toast.success(t('auth.saved'));
      onClose();
    } catch {
      // The request layer has shown the server's message; the choices stay.
    }
  };

  const renderTitle = (data: NodeData) => {
    const node = data.menu;
    return (
      <Flex wrap gap={8} align="center" component="span">
        <span data-testid={`role-menu-${node.code}`}>{nodeTitle(node, lang)}</span>
        {node.adminOnly ? <Tag color="gold">{t('auth.adminOnly')}</Tag> : null}
        {node.buttons.length > 0 ? (
          // Clicking a button checkbox must not toggle the page line.
          // biome-ignore lint/a11y/noStaticElementInteractions: stops the click reaching the tree node
          // biome-ignore lint/a11y/useKeyWithClickEvents: the checkboxes inside handle the keyboard
          <span
            onClick={(e) => e.stopPropagation()}
            style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}
          >
            {node.buttons.map((button) => (
              <Checkbox
                key={button.code}
                checked={grants.buttons.has(button.code)}
                disabled={readOnly || !node.grantable}
                onChange={(e) =>
                  setGrants((g) => toggleButton(tree, g, node.code, button.code, e.target.checked))
                }
                data-testid={`role-button-${button.code}`}
              >
                <Typography.Text type="secondary" title={button.code}>
                  {buttonLabel(button.code, lang, button.action)}
                </Typography.Text>
              </Checkbox>
            ))}
          </span>
        ) : null}
      </Flex>
    );
  };

  return (
    <Flex vertical gap={12} style={{ height: '100%' }}>
      {role.builtIn ? (
        <Alert type="info" showIcon title={t('auth.builtIn')} data-testid="role-auth-builtin" />
      ) : null}
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary" data-testid="role-auth-count">
          {t('auth.count', { pages: pageCount, buttons: grants.buttons.size })}
        </Typography.Text>
        {readOnly ? null : (
          <Space size={4}>
            <Button size="small" onClick={() => setGrants(allGrantable(tree))} data-testid="role-auth-all">
              {t('auth.selectAll')}
            </Button>
            <Button
              size="small"
              onClick={() => setGrants({ pages: new Set(), buttons: new Set() })}
              data-testid="role-auth-none"
            >
              {t('auth.clear')}
            </Button>
          </Space>
        )}
      </Flex>
      <div style={{ flex: 1, overflow: 'auto' }}>
        <Tree<NodeData>
          checkable
          checkStrictly
          selectable={false}
          blockNode
          defaultExpandedKeys={expanded}
          treeData={treeData}
          checkedKeys={checked}
          titleRender={renderTitle}
          onCheck={(_keys, info) => {
            if (readOnly) return;
            setGrants((g) => togglePage(tree, g, String(info.node.key), info.checked));
          }}
          aria-label={t('auth.treeLabel')}
          data-testid="role-menu-tree"
        />
      </div>
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onClose} data-testid="role-auth-cancel">
          {readOnly ? tc('close') : tc('cancel')}
        </Button>
        {readOnly ? null : (
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() => void submit()}
            data-testid="role-save-auth"
          >
            {tc('save')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}

/** Every grantable page and its buttons (the "select all" of a non-admin role). */
function allGrantable(tree: RoleMenuNode[]): Grants {
  let grants: Grants = { pages: new Set(), buttons: new Set() };
  for (const node of tree) grants = togglePage(tree, grants, node.code, true);
  for (const { node } of flatten(tree)) {
    if (!node.grantable) continue;
    for (const button of node.buttons) grants = toggleButton(tree, grants, node.code, button.code, true);
  }
  return grants;
}
