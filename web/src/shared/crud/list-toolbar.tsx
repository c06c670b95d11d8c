import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/i18n.ts';

/** Keyword search and extra filters on the left, the add button (when allowed) on the right. */
export function ListToolbar({
  placeholder,
  onSearch,
  filters,
  addLabel,
  onAdd,
  testId,
}: {
  placeholder: string;
  onSearch: (keyword: string) => void;
  filters?: ReactNode;
  addLabel: string;
  /** Omitted when the caller may not add. */
  onAdd?: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 16 }}>
      <Flex wrap gap={8} style={{ flex: '1 1 auto' }}>
        <Input.Search
          allowClear
          placeholder={placeholder}
          aria-label={placeholder}
          enterButton={t('search')}
          onSearch={(value) => onSearch(value.trim())}
          style={{ maxWidth: 320 }}
          data-testid={`${testId}-keyword`}
        />
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
