import type { AccountRoleRef } from '@sentinel/contract';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useRoleOptions } from '../api/role-options.ts';

/** Roles to pick from: the role list, plus the roles the account already holds (always shown). */
export function useRoleChoices(held: AccountRoleRef[] = []) {
  const roles = useRoleOptions();
  const options = useMemo(() => {
    const byId = new Map<number, string>();
    for (const r of roles.data ?? []) byId.set(r.id, r.displayName || r.name);
    for (const r of held) if (!byId.has(r.id)) byId.set(r.id, r.displayName || r.name);
    return [...byId].map(([value, label]) => ({ value, label }));
  }, [roles.data, held]);
  return { options, loading: roles.isPending };
}

/** Multi-select of roles (form control: value is the role ids). */
export function RoleSelect({
  value,
  onChange,
  id,
  held,
  testId,
  mode = 'multiple',
  placeholder,
  style,
}: {
  value?: number[];
  onChange?: (value: number[]) => void;
  id?: string;
  held?: AccountRoleRef[];
  testId: string;
  mode?: 'multiple';
  placeholder?: string;
  style?: React.CSSProperties;
}) {
  const { t } = useTranslation('accounts');
  const { options, loading } = useRoleChoices(held);
  return (
    <Select<number[]>
      id={id}
      mode={mode}
      value={value}
      onChange={(next) => onChange?.(next)}
      options={options}
      loading={loading}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholder ?? t('field.roles')}
      style={style}
      data-testid={testId}
    />
  );
}
