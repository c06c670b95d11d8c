import type { FastifyInstance } from 'fastify';
import type { DemoClip } from './clips.ts';

/**
 * The demo streams' stop/start switch (issue 14 §1, demo): a stopped clip answers 503 to new
 * players and probes, and the players already watching it are cut off. Held in memory per
 * process (keyed by the HTTP server, shared by every encapsulated plugin of the app): a demo
 * switch, not a setting — a restart starts every clip again.
 */
interface SwitchState {
  stopped: Set<DemoClip>;
  listeners: Set<(clip: DemoClip) => void>;
}

const states = new WeakMap<object, SwitchState>();

function stateOf(app: FastifyInstance): SwitchState {
  let state = states.get(app.server);
  if (!state) {
    state = { stopped: new Set(), listeners: new Set() };
    states.set(app.server, state);
  }
  return state;
}

export const isDemoClipStopped = (app: FastifyInstance, clip: DemoClip) => stateOf(app).stopped.has(clip);

/** Stops (running false) or starts a clip; the listeners hear a stop. */
export function setDemoClipRunning(app: FastifyInstance, clip: DemoClip, running: boolean): void {
  const state = stateOf(app);
  if (running) {
    state.stopped.delete(clip);
    return;
  }
  state.stopped.add(clip);
  for (const listener of state.listeners) listener(clip);
}

/** Hears every stop (the stream routes end the clip's open streams); returns the unsubscribe. */
export function onDemoClipStopped(app: FastifyInstance, listener: (clip: DemoClip) => void): () => void {
  const state = stateOf(app);
  state.listeners.add(listener);
  return () => state.listeners.delete(listener);
}
