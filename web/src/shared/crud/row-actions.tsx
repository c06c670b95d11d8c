import { Button, Space } from 'antd';
import { useTranslation } from '../i18n/i18n.ts';
import { confirmDialog } from '../ui/feedback.ts';

/** Edit and delete links of a table row; delete asks '是否确定删除？' first. Missing rights: no link. */
export function RowActions({
  name,
  onEdit,
  onDelete,
  testId,
}: {
  name: string;
  onEdit?: () => void;
  onDelete?: () => Promise<unknown>;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Space size={0}>
      {onEdit ? (
        <Button type="link" size="small" onClick={onEdit} data-testid={`${testId}-edit`}>
          {t('edit')}
        </Button>
      ) : null}
      {onDelete ? (
        <Button
          type="link"
          size="small"
          danger
          data-testid={`${testId}-delete`}
          onClick={() =>
            confirmDialog({
              title: t('confirmDelete'),
              content: name,
              okButtonProps: { danger: true },
              onOk: () => onDelete().catch(() => undefined),
            })
          }
        >
          {t('delete')}
        </Button>
      ) : null}
    </Space>
  );
}
