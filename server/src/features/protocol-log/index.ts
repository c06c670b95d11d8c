/** The protocol-log feature's public face (ARCHITECTURE.md, import rules). */
export {
  type EngineMessageInput,
  protocolLogRecorder,
  recordEngineMessage,
  recordSimulated,
} from './recorder.ts';
export { protocolLogRoutes } from './routes.ts';
