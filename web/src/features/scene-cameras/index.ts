/** What other features may use of scene cameras (import rules): the zone drawing. */
export { ZoneEditor } from './components/zone-editor/zone-editor.tsx';
export type { DraftZone } from './lib/zone-geometry.ts';
