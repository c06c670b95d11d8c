import type { OfflineAnalysisCreate, OfflineUpload, OfflineVideoFormat } from '@sentinel/contract';
import type { SourceKind } from '@/shared/ui/video-player/index.ts';

export type SourceChoice = 'file' | 'url';

/** The new analysis form; `fileId` holds the accepted upload (the server's field name, for its errors). */
export interface NewAnalysisValues {
  name: string;
  source: SourceChoice;
  fileId?: OfflineUpload;
  url?: string;
  algorithmIds: number[];
}

/** PUT offlineVideoAnalysis body: the name, exactly one source (the chosen one), the algorithms. */
export function createBody(values: NewAnalysisValues): OfflineAnalysisCreate {
  const base = { name: values.name.trim(), algorithmIds: values.algorithmIds };
  if (values.source === 'url') return { ...base, url: (values.url ?? '').trim() };
  return { ...base, fileId: values.fileId?.fileId };
}

/** The shared player's decoder for an uploaded video: FLV through mpegts.js, the rest natively. */
export function playerKind(format: OfflineVideoFormat | null): SourceKind {
  return format === 'flv' ? 'http-flv' : 'mp4';
}
