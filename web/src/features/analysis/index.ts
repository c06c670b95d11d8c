/**
 * The analysis feature's public face for other features (import rules): the frame, figures and
 * drill-through helpers that System settings › Running effect (issue 15 §3) reuses. Import it
 * only from a lazily loaded page: the figures bring echarts.
 */
export { AnalysisFrame } from './components/analysis-frame.tsx';
export { CountTable } from './components/count-table.tsx';
export { DrillLink } from './components/drill-link.tsx';
export { DurationFigure } from './components/duration-figure.tsx';
export { FigureCard } from './components/figure-card.tsx';
export { TrendFigure } from './components/trend-figure.tsx';
export type { AnalysisRequest } from './lib/analysis-filters.ts';
export { bucketRange } from './lib/drill.ts';
export { bucketLabel, byUrgency, priorityName } from './lib/labels.ts';
export { useAnalysisFilters } from './lib/use-analysis-filters.ts';
export { useDrill } from './lib/use-drill.ts';
