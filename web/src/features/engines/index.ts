/**
 * Public face of the engines feature: the engine-key section that the server settings page
 * (equipment feature, menu systemServerSettings) mounts — the one sanctioned cross-feature import.
 */
export { EngineKeysSection } from './components/engine-keys-section.tsx';
