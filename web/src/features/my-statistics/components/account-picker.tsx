import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { type AccountOption, useAccountOptions } from '../api/account-options.ts';

interface AccountPickerProps {
  value: number | undefined;
  selfId: number | null;
  onChange: (accountId: number | undefined) => void;
}

const labelOf = (a: AccountOption) =>
  a.displayName && a.displayName !== a.accountName ? `${a.displayName} (${a.accountName})` : a.accountName;

/** Admins: whose figures (the accounts list, searched on the server as one types). */
export function AccountPicker({ value, selfId, onChange }: AccountPickerProps) {
  const { t } = useTranslation('myStatistics');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  // One search when the typing pauses, not one per key.
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const accounts = useAccountOptions(keyword, true);
  // The chosen account keeps its label while a search shows other accounts.
  const [chosen, setChosen] = useState<AccountOption | null>(null);
  const options = useMemo(() => {
    const list = accounts.data ?? [];
    const all = chosen && !list.some((a) => a.id === chosen.id) ? [chosen, ...list] : list;
    return all.map((a) => ({
      value: a.id,
      label: a.id === selfId ? `${labelOf(a)} · ${t('account.me')}` : labelOf(a),
      account: a,
    }));
  }, [accounts.data, chosen, selfId, t]);
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value}
      loading={accounts.isFetching}
      placeholder={t('account.label')}
      aria-label={t('account.label')}
      style={{ minWidth: 240 }}
      data-testid="statistics-account"
      options={options}
      notFoundContent={accounts.isFetching ? t('account.searching') : t('account.none')}
      onChange={(id: number, option) => {
        const picked = Array.isArray(option) ? undefined : option?.account;
        if (picked) setChosen(picked);
        setTyped('');
        onChange(id);
      }}
    />
  );
}
