import { CheckOutlined, MinusOutlined } from '@ant-design/icons';
import type { RoleAuth, RoleItem, RoleMenuNode } from '@sentinel/contract';
import { Button, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { nodeTitle, useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import {
  allGrants,
  flatten,
  fromAuth,
  type Grants,
  grantedButtonCount,
  isGroup,
  pagesUnder,
} from '../lib/grants.ts';

interface MatrixRow {
  id: number;
  node: RoleMenuNode;
  depth: number;
}

/** What a role holds of one menu node, for a matrix cell. */
export function cellOf(node: RoleMenuNode, grants: Grants | undefined) {
  if (!grants) return { state: 'unknown' as const };
  if (isGroup(node)) {
    const pages = pagesUnder(node);
    const held = pages.filter((p) => grants.pages.has(p.code)).length;
    return { state: held === 0 ? ('none' as const) : ('group' as const), held, total: pages.length };
  }
  if (!grants.pages.has(node.code)) return { state: 'none' as const };
  return { state: 'page' as const, buttons: grantedButtonCount(node, grants), total: node.buttons.length };
}

/** The grants of each role for the matrix (the built-in admin holds everything). */
export function matrixGrants(
  tree: RoleMenuNode[],
  roles: RoleItem[],
  auths: (RoleAuth | undefined)[],
): (Grants | undefined)[] {
  return roles.map((role, i) => {
    if (role.builtIn) return allGrants(tree);
    const auth = auths[i];
    return auth ? fromAuth(tree, auth) : undefined;
  });
}

/**
 * Read-only matrix: every page (rows, tree order, indented) × roles (columns): a tick where the
 * role holds the page, with how many of its buttons; groups show how many of their pages.
 * Clicking a role's header opens its authorise drawer.
 */
export function PermissionMatrix({
  tree,
  roles,
  grants,
  loading,
  onOpenRole,
}: {
  tree: RoleMenuNode[];
  roles: RoleItem[];
  grants: (Grants | undefined)[];
  loading: boolean;
  onOpenRole: (role: RoleItem) => void;
}) {
  const { t } = useTranslation('roles');
  const lang = useLang();
  const rows: MatrixRow[] = flatten(tree).map(({ node, depth }) => ({ id: node.id, node, depth }));

  const columns: TableColumnsType<MatrixRow> = [
    {
      title: t('matrix.page'),
      key: 'page',
      render: (_, row) => (
        <span style={{ paddingInlineStart: row.depth * 20, whiteSpace: 'nowrap' }}>
          {isGroup(row.node) ? (
            <Typography.Text strong>{nodeTitle(row.node, lang)}</Typography.Text>
          ) : (
            nodeTitle(row.node, lang)
          )}
          {row.node.adminOnly ? (
            <Tag color="gold" style={{ marginInlineStart: 8 }}>
              {t('auth.adminOnly')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    ...roles.map((role, i) => ({
      key: `role-${role.id}`,
      align: 'center' as const,
      title: (
        <Tooltip title={t('matrix.openRole')}>
          <Button
            type="link"
            size="small"
            onClick={() => onOpenRole(role)}
            data-testid={`page-matrix-role-${role.name}`}
          >
            {role.displayName || role.name}
          </Button>
        </Tooltip>
      ),
      render: (_: unknown, row: MatrixRow) => {
        const cell = cellOf(row.node, grants[i]);
        const testId = `page-cell-${row.node.code}-${role.name}`;
        switch (cell.state) {
          case 'unknown':
            return <span data-testid={testId}>…</span>;
          case 'none':
            return (
              <MinusOutlined
                aria-label={t('matrix.none')}
                style={{ color: 'var(--ant-color-text-quaternary, #bbb)' }}
                data-testid={testId}
                data-state="none"
              />
            );
          case 'group':
            return (
              <Typography.Text type="secondary" data-testid={testId} data-state="group">
                {t('matrix.pages', { held: cell.held, total: cell.total })}
              </Typography.Text>
            );
          case 'page':
            return (
              <span data-testid={testId} data-state="granted">
                <CheckOutlined
                  aria-label={t('matrix.granted')}
                  style={{ color: 'var(--ant-color-success, #52c41a)' }}
                />
                {cell.total > 0 ? (
                  <Typography.Text type="secondary" style={{ marginInlineStart: 4 }}>
                    {t('matrix.buttons', { held: cell.buttons, total: cell.total })}
                  </Typography.Text>
                ) : null}
              </span>
            );
        }
      },
    })),
  ];

  // No `scroll`: antd would copy the headers (and their test ids) into a hidden measuring row.
  return (
    <div style={{ overflowX: 'auto' }}>
      <Table<MatrixRow>
        rowKey="id"
        size="small"
        bordered
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        onRow={(row) =>
          ({ 'data-testid': `page-matrix-row-${row.node.code}` }) as HTMLAttributes<HTMLElement>
        }
        data-testid="page-matrix"
      />
    </div>
  );
}
