import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/i18n.ts';

/** Keyword search and extra filters on the left, the add button (when allowed) on the right. */
export function ListToolbar({
  search,
  filters,
  addLabel,
  onAdd,
  testId,
}: {
  /** The keyword search; omitted when `filters` bring their own. */
  search?: { placeholder: string; onSearch: (keyword: string) => void };
  filters?: ReactNode;
  addLabel: string;
  /** Omitted when the caller may not add. */
  onAdd?: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Flex justify="space-between" align="flex-start" wrap gap={8} style={{ marginBottom: 16 }}>
      <Flex wrap gap={8} style={{ flex: '1 1 auto' }}>
        {search ? (
          <Input.Search
            allowClear
            placeholder={search.placeholder}
            aria-label={search.placeholder}
            enterButton={t('search')}
            onSearch={(value) => search.onSearch(value.trim())}
            style={{ maxWidth: 320 }}
            data-testid={`${testId}-keyword`}
          />
        ) : null}
        {filters}
      </Flex>
      {onAdd ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid={`${testId}-add`}>
          {addLabel}
        </Button>
      ) : null}
    </Flex>
  );
}
