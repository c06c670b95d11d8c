import '@xyflow/react/dist/style.css';
import './flow-editor.css';
import type { FlowChart, FlowNodeShape, FlowProblemData, WorkflowDetail } from '@sentinel/contract';
import {
  applyEdgeChanges,
  applyNodeChanges,
  Background,
  BackgroundVariant,
  type Connection,
  Controls,
  type Edge,
  type EdgeChange,
  type Node,
  type NodeChange,
  type OnSelectionChangeParams,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
} from '@xyflow/react';
import { type DragEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSaveWorkflow } from '@/features/workflows/api/workflow-detail.ts';
import { checkChart, incompleteNodeIds, sameChart } from '@/features/workflows/lib/chart-check.ts';
import {
  addNode,
  canConnect,
  connect,
  moveNodes,
  type NodePatch,
  removeElements,
  updateNode,
} from '@/features/workflows/lib/chart-ops.ts';
import { useFlowEditorStore } from '@/features/workflows/stores/flow-editor-store.ts';
import { tr, useTranslation } from '@/shared/i18n/i18n.ts';
import { RequestError } from '@/shared/request/errors.ts';
import { toast } from '@/shared/ui/feedback.ts';
import { EditorToolbar } from './editor-toolbar.tsx';
import { flowNodeTypes } from './flow-nodes.tsx';
import { LeaveGuard } from './leave-guard.tsx';
import { NodePanel } from './node-panel.tsx';
import { Palette, SHAPE_MIME } from './palette.tsx';
import { type FlowRfNode, toRfEdges, toRfNodes } from './rf-mapping.ts';
import { useEditorShortcuts } from './use-editor-shortcuts.ts';

/** Rough half size of a new node, so that a dropped node lands centred under the pointer. */
const DROP_OFFSET = { x: 65, y: 20 };
const STEP_Y = 110;
const store = useFlowEditorStore.getState;

interface FlowEditorProps {
  workflow: WorkflowDetail;
  onBack: () => void;
}

function Editor({ workflow, onBack }: FlowEditorProps) {
  const { t } = useTranslation('workflows');
  const flow = useReactFlow();
  const wrapper = useRef<HTMLDivElement>(null);
  const present = useFlowEditorStore((s) => s.history.present);
  const saved = useFlowEditorStore((s) => s.saved);
  const gridOn = useFlowEditorStore((s) => s.gridOn);
  const editable = useFlowEditorStore((s) => s.editorMode === 'canvas');
  const selectedNodeId = useFlowEditorStore((s) => s.selectedNodeId);
  const highlightNodeIds = useFlowEditorStore((s) => s.highlightNodeIds);
  const highlightEdgeIds = useFlowEditorStore((s) => s.highlightEdgeIds);
  const save = useSaveWorkflow();

  const [nodes, setNodes] = useState<FlowRfNode[]>([]);
  const [edges, setEdges] = useState<Edge[]>([]);
  const dragBase = useRef<FlowChart | null>(null);
  const pendingSelect = useRef<string | null>(null);

  const incomplete = useMemo(() => incompleteNodeIds(present), [present]);
  // After a refused save: incomplete nodes stay marked until filled, start nodes until the next save.
  const highlighted = useMemo(() => {
    const ids = new Set(highlightNodeIds);
    return new Set(
      present.nodes
        .filter((n) => ids.has(n.id) && (incomplete.has(n.id) || n.shape === 'start'))
        .map((n) => n.id),
    );
  }, [highlightNodeIds, incomplete, present]);
  const dirty = !sameChart(present, saved);

  useEffect(() => {
    const select = pendingSelect.current;
    pendingSelect.current = null;
    setNodes((previous) => {
      const next = toRfNodes(present, previous, incomplete, highlighted);
      if (!select) return next;
      return next.map((node) => ({ ...node, selected: node.id === select }));
    });
  }, [present, incomplete, highlighted]);
  useEffect(() => {
    setEdges((previous) => toRfEdges(present, previous, new Set(highlightEdgeIds)));
  }, [present, highlightEdgeIds]);

  useEditorShortcuts(editable);

  const onNodesChange = useCallback((changes: NodeChange<FlowRfNode>[]) => {
    // Removals go through onDelete (one undo step for nodes and their connections).
    setNodes((current) =>
      applyNodeChanges(
        changes.filter((c) => c.type !== 'remove'),
        current,
      ),
    );
  }, []);
  const onEdgesChange = useCallback((changes: EdgeChange[]) => {
    setEdges((current) =>
      applyEdgeChanges(
        changes.filter((c) => c.type !== 'remove'),
        current,
      ),
    );
  }, []);
  const onDelete = useCallback(({ nodes: gone, edges: goneEdges }: { nodes: Node[]; edges: Edge[] }) => {
    const chart = store().history.present;
    store().change(
      removeElements(
        chart,
        gone.map((n) => n.id),
        goneEdges.map((e) => e.id),
      ),
    );
  }, []);
  const onNodeDragStart = useCallback(() => {
    dragBase.current = store().history.present;
  }, []);
  const onNodeDragStop = useCallback((_event: unknown, _node: Node, dragged: Node[]) => {
    const base = dragBase.current ?? store().history.present;
    dragBase.current = null;
    const next = moveNodes(base, new Map(dragged.map((n) => [n.id, n.position])));
    store().changeFrom(base, next);
  }, []);
  const onConnect = useCallback(
    (connection: Connection) =>
      store().change(connect(store().history.present, connection.source, connection.target)),
    [],
  );
  const isValidConnection = useCallback(
    (connection: Connection | Edge) =>
      canConnect(store().history.present, connection.source, connection.target),
    [],
  );
  const onSelectionChange = useCallback(({ nodes: selected }: OnSelectionChangeParams) => {
    store().select(selected.length === 1 ? (selected[0]?.id ?? null) : null);
  }, []);

  const add = (shape: FlowNodeShape, position: { x: number; y: number }) => {
    const label = shape === 'start' || shape === 'end' ? t(`defaultLabel.${shape}`) : '';
    const { chart, id } = addNode(store().history.present, shape, position, label);
    pendingSelect.current = id;
    store().change(chart);
    store().select(id);
    return id;
  };
  /** Click to add: below the lowest node (a new chart starts at the canvas centre). */
  const addByClick = (shape: FlowNodeShape) => {
    const chart = store().history.present;
    const lowest = chart.nodes.reduce<(typeof chart.nodes)[number] | null>(
      (low, node) => (!low || node.y > low.y ? node : low),
      null,
    );
    let position: { x: number; y: number };
    if (lowest) position = { x: lowest.x, y: lowest.y + STEP_Y };
    else {
      const rect = wrapper.current?.getBoundingClientRect();
      const centre = flow.screenToFlowPosition({
        x: (rect?.left ?? 0) + (rect?.width ?? 0) / 2,
        y: (rect?.top ?? 0) + 80,
      });
      position = { x: centre.x - DROP_OFFSET.x, y: centre.y };
    }
    add(shape, position);
    window.setTimeout(() => void flow.fitView({ padding: 0.2, maxZoom: 1, duration: 150 }), 60);
  };
  const onDragOver = (event: DragEvent) => {
    if (!editable) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
  };
  const onDrop = (event: DragEvent) => {
    const shape = event.dataTransfer.getData(SHAPE_MIME) as FlowNodeShape;
    if (!editable || !['small', 'large', 'start', 'end'].includes(shape)) return;
    event.preventDefault();
    const point = flow.screenToFlowPosition({ x: event.clientX, y: event.clientY });
    add(shape, { x: point.x - DROP_OFFSET.x, y: point.y - DROP_OFFSET.y });
  };

  const selectedNode = present.nodes.find((n) => n.id === selectedNodeId);
  const onPanelChange = (patch: NodePatch, key: string) => {
    if (!selectedNodeId) return;
    store().change(updateNode(store().history.present, selectedNodeId, patch), key);
  };
  const onPanelDelete = () => {
    if (!selectedNodeId) return;
    store().change(removeElements(store().history.present, [selectedNodeId], []));
    store().select(null);
  };

  const onSave = async () => {
    const chart = store().history.present;
    const check = checkChart(chart);
    if (check.code) {
      store().highlight(check.nodeIds, check.edgeIds);
      toast.error(tr(check.code));
      return;
    }
    try {
      const envelope = await save.mutateAsync({
        body: { id: workflow.id, name: workflow.name, typeId: workflow.typeId ?? 0, chart },
        silent: true,
      });
      store().markSaved(chart);
      toast.success(envelope.message || t('editor.save'));
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      const data = error.data as Partial<FlowProblemData> | undefined;
      if (Array.isArray(data?.nodeIds)) store().highlight(data.nodeIds, data.edgeIds ?? []);
      toast.error(error.message);
    }
  };

  return (
    <div className="flow-editor" data-testid="flow-editor">
      <LeaveGuard dirty={dirty} />
      <EditorToolbar
        name={workflow.name}
        typeName={workflow.typeName}
        dirty={dirty}
        saving={save.isPending}
        onBack={onBack}
        onFitView={() => void flow.fitView({ padding: 0.2, maxZoom: 1.2, duration: 200 })}
        onSave={() => void onSave()}
      />
      <div className="flow-editor-body">
        {editable ? <Palette onAdd={addByClick} /> : null}
        <div
          className="flow-canvas"
          role="application"
          aria-label={t('editor.canvas')}
          ref={wrapper}
          onDragOver={onDragOver}
          onDrop={onDrop}
          data-testid="flow-canvas"
          data-grid={gridOn ? 'on' : 'off'}
        >
          {present.nodes.length === 0 ? (
            <div className="flow-canvas-empty">{t('editor.emptyCanvas')}</div>
          ) : null}
          <ReactFlow<FlowRfNode>
            nodes={nodes}
            edges={edges}
            nodeTypes={flowNodeTypes}
            onNodesChange={onNodesChange}
            onEdgesChange={onEdgesChange}
            onDelete={onDelete}
            onNodeDragStart={onNodeDragStart}
            onNodeDragStop={onNodeDragStop}
            onConnect={onConnect}
            isValidConnection={isValidConnection}
            onSelectionChange={onSelectionChange}
            nodesDraggable={editable}
            nodesConnectable={editable}
            deleteKeyCode={editable ? ['Delete', 'Backspace'] : null}
            snapToGrid={gridOn}
            snapGrid={[10, 10]}
            fitView
            fitViewOptions={{ padding: 0.2, maxZoom: 1 }}
            minZoom={0.2}
            maxZoom={2}
          >
            {gridOn ? <Background variant={BackgroundVariant.Dots} gap={20} size={1.5} /> : null}
            <Controls showInteractive={false} />
          </ReactFlow>
        </div>
        <NodePanel
          node={selectedNode}
          readOnly={!editable}
          onChange={onPanelChange}
          onDelete={onPanelDelete}
        />
      </div>
    </div>
  );
}

/** The flowchart editor of one workflow (the store must already hold its chart). */
export function FlowEditor(props: FlowEditorProps) {
  return (
    <ReactFlowProvider>
      <Editor {...props} />
    </ReactFlowProvider>
  );
}
