import { PlusOutlined } from '@ant-design/icons';
import type { RoleItem } from '@sentinel/contract';
import { Button, Card, Flex, Input, Tabs } from 'antd';
import { useState } from 'react';
import { tr, useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { confirmDialog, toast } from '@/shared/ui/feedback.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { useDeleteRole } from '../api/delete-role.ts';
import { useRoles } from '../api/role-list.ts';
import { useSetGlobalRole } from '../api/set-global.ts';
import { AuthorizeDrawer } from '../components/authorize-drawer.tsx';
import { RoleFormDialog } from '../components/role-form-dialog.tsx';
import { RoleLog } from '../components/role-log.tsx';
import { RoleTable } from '../components/role-table.tsx';

type Tab = 'roles' | 'log';

/**
 * /permission/role: the roles (create, edit, delete, the global role, authorise pages and
 * buttons) and their change log. Controls follow the buttons role:add/edit/delete/auth.
 */
export default function RolesPage() {
  const { t } = useTranslation('roles');
  const buttons = useButtons('role');
  const [tab, setTab] = useState<Tab>('roles');
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<RoleItem | 'new' | null>(null);
  const [authorizing, setAuthorizing] = useState<RoleItem | null>(null);
  const query = useRoles({ ...paging, ...(keyword ? { keyword } : {}) });
  // The log's role filter and names: the first 50 roles (SPEC's largest page).
  const allRoles = useRoles({ page: 1, limit: 50 });
  const remove = useDeleteRole();
  const setGlobal = useSetGlobalRole();
  const rows = query.data?.list ?? [];

  const askDelete = (row: RoleItem) =>
    confirmDialog({
      title: t('deleteTitle', { name: row.displayName || row.name }),
      content: tr('role.confirmDelete'),
      okButtonProps: { danger: true, ...({ 'data-testid': 'role-delete-ok' } as Record<string, string>) },
      cancelButtonProps: { ...({ 'data-testid': 'role-delete-cancel' } as Record<string, string>) },
      onOk: async () => {
        try {
          await remove.mutateAsync(row.id);
          toast.success(t('deleted'));
          if (rows.length <= 1 && paging.page > 1) setPaging((p) => ({ ...p, page: p.page - 1 }));
        } catch {
          // Refused (e.g. accounts still hold the role): the request layer has shown why.
        }
      },
    });

  const toggleGlobal = async (row: RoleItem) => {
    try {
      await setGlobal.mutateAsync({ roleId: row.isGlobal ? null : row.id });
      toast.success(
        row.isGlobal ? t('global.unsetDone') : t('global.setDone', { name: row.displayName || row.name }),
      );
    } catch {
      // Shown by the request layer.
    }
  };

  const canAuth = buttons.can('role:auth');

  return (
    <Card variant="borderless" data-testid="roles-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        items={[
          { key: 'roles', label: <span data-testid="roles-tab">{t('tab.roles')}</span> },
          { key: 'log', label: <span data-testid="role-log-tab">{t('tab.log')}</span> },
        ]}
      />
      {tab === 'roles' ? (
        <>
          <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 16 }}>
            <Input.Search
              allowClear
              placeholder={t('searchPlaceholder')}
              aria-label={t('searchPlaceholder')}
              enterButton={t('common:search')}
              maxLength={64}
              onSearch={(value) => {
                setKeyword(value.trim());
                setPaging((p) => ({ ...p, page: 1 }));
              }}
              style={{ maxWidth: 360 }}
              data-testid="roles-keyword"
            />
            {buttons.can('role:add') ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing('new')}
                data-testid="roles-add"
              >
                {t('add')}
              </Button>
            ) : null}
          </Flex>
          {query.isError && !query.data ? (
            <PageError message={query.error.message} onRetry={() => void query.refetch()} />
          ) : (
            <RoleTable
              rows={rows}
              loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
              pagination={tablePagination(paging, query.data?.count ?? 0, setPaging)}
              actions={{
                ...(buttons.can('role:edit') ? { onEdit: (row: RoleItem) => setEditing(row) } : {}),
                ...(buttons.can('role:delete') ? { onDelete: askDelete } : {}),
                ...(canAuth
                  ? {
                      onAuthorize: (row: RoleItem) => setAuthorizing(row),
                      onToggleGlobal: (row: RoleItem) => void toggleGlobal(row),
                    }
                  : {}),
              }}
            />
          )}
        </>
      ) : (
        <RoleLog roles={allRoles.data?.list ?? []} />
      )}
      {editing !== null ? (
        <RoleFormDialog
          {...(editing === 'new' ? {} : { role: editing })}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      ) : null}
      <AuthorizeDrawer role={authorizing} onClose={() => setAuthorizing(null)} canSave={canAuth} />
    </Card>
  );
}
