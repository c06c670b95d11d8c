import type { PlantNode } from '@sentinel/contract';
import { Col, Row } from 'antd';
import { useState } from 'react';
import { usePlantTree } from '@/shared/crud/index.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { PageError, PageLoading } from '@/shared/ui/page-states.tsx';
import { MoveNodeModal } from '../components/move-node-modal.tsx';
import { NodeDetail } from '../components/node-detail.tsx';
import { NodeFormModal, type NodeFormTarget } from '../components/node-form-modal.tsx';
import { PlantTreePanel } from '../components/plant-tree-panel.tsx';
import { useDeleteNode } from '../components/use-delete-node.ts';
import { childKindOf } from '../lib/tree-utils.ts';

/** /systemSettings/regionalSettings: the whole plant tree with add child, edit, move, delete. */
export default function RegionalSettingsPage() {
  const { data: tree, isPending, isError, error, refetch } = usePlantTree();
  const { can } = useButtons('regionalSettings');
  const [selectedId, setSelectedId] = useState<number>();
  const [formTarget, setFormTarget] = useState<NodeFormTarget | null>(null);
  const [moving, setMoving] = useState<PlantNode | null>(null);
  const deleteNode = useDeleteNode((node) => {
    if (node.id === selectedId) setSelectedId(node.parentId ?? undefined);
  });

  if (isPending) return <PageLoading />;
  if (isError) return <PageError message={error.message} onRetry={() => void refetch()} />;

  return (
    <>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={9} xl={8}>
          <PlantTreePanel
            tree={tree}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onAddFactory={
              can('regionalSettings:add') ? () => setFormTarget({ mode: 'add', kind: 'factory' }) : undefined
            }
          />
        </Col>
        <Col xs={24} lg={15} xl={16}>
          <NodeDetail
            id={selectedId}
            actions={{
              canAdd: can('regionalSettings:add'),
              canEdit: can('regionalSettings:edit'),
              canMove: can('regionalSettings:move'),
              canDelete: can('regionalSettings:delete'),
              onAddChild: (node) =>
                setFormTarget({ mode: 'add', kind: childKindOf(node.kind), parentId: node.id }),
              onEdit: (node) => setFormTarget({ mode: 'edit', node }),
              onMove: setMoving,
              onDelete: deleteNode,
            }}
          />
        </Col>
      </Row>
      <NodeFormModal
        target={formTarget}
        tree={tree}
        onClose={() => setFormTarget(null)}
        onSaved={(node) => setSelectedId(node.id)}
      />
      <MoveNodeModal node={moving} tree={tree} onClose={() => setMoving(null)} />
    </>
  );
}
