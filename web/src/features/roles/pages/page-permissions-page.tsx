import type { RoleItem } from '@sentinel/contract';
import { Card, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { PageEmpty, PageError, PageLoading } from '@/shared/ui/page-states.tsx';
import { useRoleAuths } from '../api/role-auth.ts';
import { useRoles } from '../api/role-list.ts';
import { useRoleMenu } from '../api/role-menu.ts';
import { AuthorizeDrawer } from '../components/authorize-drawer.tsx';
import { matrixGrants, PermissionMatrix } from '../components/permission-matrix.tsx';

/**
 * /permission/page (admin only): which role holds which page, and how many of its buttons.
 * A role's header opens the same authorise drawer as the role page.
 */
export default function PagePermissionsPage() {
  const { t } = useTranslation('roles');
  const buttons = useButtons('role');
  const menu = useRoleMenu();
  // The SPEC's largest page: the first 50 roles are shown.
  const roles = useRoles({ page: 1, limit: 50 });
  const list = roles.data?.list ?? [];
  const auths = useRoleAuths(list.filter((r) => !r.builtIn).map((r) => r.id));
  const [open, setOpen] = useState<RoleItem | null>(null);

  const failed = menu.isError ? menu : roles.isError ? roles : null;
  let body: React.ReactNode;
  if (failed) body = <PageError message={failed.error?.message} onRetry={() => void failed.refetch()} />;
  else if (!menu.data || !roles.data) body = <PageLoading />;
  else if (list.length === 0) body = <PageEmpty />;
  else {
    let next = 0;
    const byRole = list.map((r) => (r.builtIn ? undefined : auths[next++]?.data));
    body = (
      <PermissionMatrix
        tree={menu.data}
        roles={list}
        grants={matrixGrants(menu.data, list, byRole)}
        loading={auths.some((a) => a.isPending)}
        onOpenRole={setOpen}
      />
    );
  }

  return (
    <Card variant="borderless" data-testid="page-permissions-page">
      <Typography.Paragraph type="secondary">{t('matrix.intro')}</Typography.Paragraph>
      {body}
      <AuthorizeDrawer role={open} onClose={() => setOpen(null)} canSave={buttons.can('role:auth')} />
    </Card>
  );
}
