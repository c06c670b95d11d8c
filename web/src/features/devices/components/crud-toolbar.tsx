import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Input } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';

/** Keyword search on the left, the add button (when allowed) on the right. */
export function CrudToolbar({
  placeholder,
  onSearch,
  addLabel,
  onAdd,
  testId,
}: {
  placeholder: string;
  onSearch: (keyword: string) => void;
  addLabel: string;
  /** Omitted when the caller may not add. */
  onAdd?: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 16 }}>
      <Input.Search
        allowClear
        placeholder={placeholder}
        aria-label={placeholder}
        enterButton={t('search')}
        onSearch={(value) => onSearch(value.trim())}
        style={{ maxWidth: 360 }}
        data-testid={`${testId}-keyword`}
      />
      {onAdd ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid={`${testId}-add`}>
          {addLabel}
        </Button>
      ) : null}
    </Flex>
  );
}
