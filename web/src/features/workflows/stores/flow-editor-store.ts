import { EMPTY_CHART, type FlowChart } from '@sentinel/contract';
import { create } from 'zustand';
import {
  canRedo,
  canUndo,
  createHistory,
  type History,
  record,
  recordFrom,
  redo,
  undo,
} from '../lib/history.ts';

export type EditorMode = 'canvas' | 'readonly';

/**
 * Flowchart editor state (SPEC §3 global state): current parameter id (the flowchart being edited,
 * -1 for none), scene id (default 1), editor mode (default canvas), grid on, can-undo and can-redo
 * flags; plus the chart history, the last saved chart and the nodes to highlight after a refused save.
 */
export interface FlowEditorState {
  parameterId: number;
  sceneId: number;
  editorMode: EditorMode;
  gridOn: boolean;
  canUndo: boolean;
  canRedo: boolean;
  history: History<FlowChart>;
  saved: FlowChart;
  highlightNodeIds: string[];
  highlightEdgeIds: string[];
  selectedNodeId: string | null;

  load(parameterId: number, chart: FlowChart): void;
  close(): void;
  /** Records a change (same `key` as the previous change: merged into one undo step). */
  change(next: FlowChart, key?: string | null): void;
  /** Records a change whose steps were not recorded (a drag), with `base` as the undo step. */
  changeFrom(base: FlowChart, next: FlowChart): void;
  undo(): void;
  redo(): void;
  toggleGrid(): void;
  setEditorMode(mode: EditorMode): void;
  setSceneId(sceneId: number): void;
  select(nodeId: string | null): void;
  highlight(nodeIds: string[], edgeIds?: string[]): void;
  markSaved(chart: FlowChart): void;
}

const flags = (history: History<FlowChart>) => ({
  history,
  canUndo: canUndo(history),
  canRedo: canRedo(history),
});

export const useFlowEditorStore = create<FlowEditorState>()((set, get) => ({
  parameterId: -1,
  sceneId: 1,
  editorMode: 'canvas',
  gridOn: true,
  canUndo: false,
  canRedo: false,
  history: createHistory(EMPTY_CHART),
  saved: EMPTY_CHART,
  highlightNodeIds: [],
  highlightEdgeIds: [],
  selectedNodeId: null,

  load: (parameterId, chart) =>
    set({
      parameterId,
      ...flags(createHistory(chart)),
      saved: chart,
      highlightNodeIds: [],
      highlightEdgeIds: [],
      selectedNodeId: null,
    }),
  close: () =>
    set({
      parameterId: -1,
      ...flags(createHistory(EMPTY_CHART)),
      saved: EMPTY_CHART,
      highlightNodeIds: [],
      highlightEdgeIds: [],
      selectedNodeId: null,
    }),
  change: (next, key = null) => {
    if (get().editorMode !== 'canvas') return;
    set(flags(record(get().history, next, key)));
  },
  changeFrom: (base, next) => {
    if (get().editorMode !== 'canvas' || base === next) return;
    set(flags(recordFrom(get().history, base, next)));
  },
  undo: () => set(flags(undo(get().history))),
  redo: () => set(flags(redo(get().history))),
  toggleGrid: () => set({ gridOn: !get().gridOn }),
  setEditorMode: (editorMode) => set({ editorMode }),
  setSceneId: (sceneId) => set({ sceneId }),
  select: (selectedNodeId) => set({ selectedNodeId }),
  highlight: (highlightNodeIds, highlightEdgeIds = []) => set({ highlightNodeIds, highlightEdgeIds }),
  markSaved: (saved) => set({ saved, highlightNodeIds: [], highlightEdgeIds: [] }),
}));
