import type { ClientErrorBody } from '@sentinel/contract';
import { create } from 'zustand';

/** The store module errorLog of SPEC §9: the latest errors this browser met (not persisted). */
export const ERROR_LOG_LIMIT = 50;

export interface ErrorLogEntry extends ClientErrorBody {
  id: number;
}

interface ErrorLogState {
  entries: ErrorLogEntry[];
  add: (entry: ClientErrorBody) => void;
  clear: () => void;
}

let nextId = 1;

export const useErrorLogStore = create<ErrorLogState>()((set) => ({
  entries: [],
  add: (entry) =>
    set((state) => ({ entries: [{ ...entry, id: nextId++ }, ...state.entries].slice(0, ERROR_LOG_LIMIT) })),
  clear: () => set({ entries: [] }),
}));
