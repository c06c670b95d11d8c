import type { PlantNode } from '@sentinel/contract';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { confirmDialog } from '@/shared/ui/feedback.ts';
import { useDeletePlantNode } from '../api/plant-mutations.ts';

/**
 * Delete with the SPEC's '是否确定删除？'. A refusal (children, cameras or scenes still depend on
 * the node) is shown by the request layer with the server's message; nothing changes.
 */
export function useDeleteNode(onDeleted?: (node: PlantNode) => void) {
  const { t } = useTranslation();
  const remove = useDeletePlantNode();
  return (node: PlantNode) =>
    confirmDialog({
      title: t('confirmDelete'),
      content: node.name,
      okText: t('ok'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(node.id);
          onDeleted?.(node);
        } catch {
          // Already shown (toast with the server's reason).
        }
      },
    });
}
