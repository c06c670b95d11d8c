import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/i18n.ts';
import { confirmDialog } from '../ui/feedback.ts';

/**
 * Edit and delete links of a table row, after the page's own (`extra`: play, copy…); delete asks
 * '是否确定删除？' first, showing `name`. Missing rights: no link.
 */
export function RowActions({
  name,
  onEdit,
  onDelete,
  testId,
  extra,
}: {
  name: ReactNode;
  onEdit?: () => void;
  onDelete?: () => Promise<unknown>;
  testId: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Space size={0}>
      {extra}
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
